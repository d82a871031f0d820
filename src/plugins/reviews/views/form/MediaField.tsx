import { useEffect, useRef, useState } from 'react';
import type { UploadItem, UploadQueue } from '../../form/uploads.js';
import { acceptOf, type MediaSettings } from '../../form/rules.js';
import type { FormFile } from '../../form/controller.js';
import type { ReviewFormTexts } from '../../form/messages.js';

interface MediaFieldProps {
  readonly texts: ReviewFormTexts;
  readonly id: string;
  readonly media: MediaSettings;
  readonly queue: UploadQueue;
  readonly disabled: boolean;
  readonly fileOf: (uid: number) => FormFile | undefined;
  readonly onChoose: (files: readonly FormFile[]) => void;
  readonly onRemove: (uid: number) => void;
}

/** A picture's preview from the chosen file (an object address, released when it goes). */
function Preview({ file, kind }: { readonly file: FormFile | undefined; readonly kind: UploadItem['kind'] }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || kind !== 'image' || typeof URL.createObjectURL !== 'function') return;
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file, kind]);
  if (kind === 'video') return <span className="review-media__icon" aria-hidden="true">▶</span>;
  return url ? <img className="review-media__thumb" src={url} alt="" width={64} height={64} /> : <span className="review-media__icon" aria-hidden="true">▣</span>;
}

const statusText = (item: UploadItem, t: ReviewFormTexts): string => (item.status === 'pending' ? t.uploading({ percent: item.percent }) : item.status === 'deleting' ? t.removing : t.uploaded);

/**
 * `Add photos or videos`: a file input (several at once) checked as a batch before anything is
 * uploaded, then one item per file with its progress bar (named by the file name), its status and
 * `Remove: “name”`. The last refusal or failure shows under the input as text.
 */
export function MediaField({ texts: t, id, media, queue, disabled, fileOf, onChoose, onRemove }: MediaFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const full = queue.items.length >= media.limit;
  return (
    <div className="review-media">
      <label className="review-form__label" htmlFor={id}>
        {t.addMedia}
      </label>
      <p className="review-form__hint" id={hintId}>
        {t.mediaLimits({ limit: media.limit, size: Math.floor(media.maxBytes / (1024 * 1024)) })}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={acceptOf(media)}
        disabled={disabled || full}
        aria-describedby={[hintId, queue.message ? messageId : ''].filter(Boolean).join(' ')}
        aria-invalid={queue.message ? true : undefined}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Cleared, so the same file can be chosen again after a refusal or a removal.
          e.currentTarget.value = '';
          onChoose(files);
        }}
      />
      {queue.message ? (
        <p className="review-form__error" id={messageId}>
          {queue.message}
        </p>
      ) : null}
      {queue.items.length > 0 ? (
        <ul className="review-media__list" aria-label={t.chosenFiles}>
          {queue.items.map((item) => (
            <li key={item.uid} className={`review-media__item review-media__item--${item.status}`} aria-busy={item.status !== 'ok' || undefined}>
              <Preview file={fileOf(item.uid)} kind={item.kind} />
              <span className="review-media__name">{item.name}</span>
              <progress className="review-media__progress" aria-label={item.name} max={100} value={item.percent} aria-valuetext={`${item.percent}%`} />
              <span className="review-media__status">{statusText(item, t)}</span>
              <button type="button" className="button button--small" aria-label={t.removeNamed({ shown: t.remove, name: item.name })} disabled={item.status === 'deleting'} onClick={() => onRemove(item.uid)}>
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
