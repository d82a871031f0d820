import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** One tab: its label and panel. */
export interface TabSpec {
  readonly id: string;
  readonly label: string;
  readonly panel: ReactNode;
}

/**
 * Tabs in the WAI-ARIA pattern: a tablist of buttons with roving tabindex (only the selected tab is
 * in the Tab order), Left/Right to move and select, Home/End for the first and last, and each
 * panel labelled by its tab. Without scripts every panel is in the HTML, the inactive ones hidden.
 * `#tab-{id}` in the address selects that tab, on load and whenever the hash changes (a `Q&A` link).
 */
export function Tabs({ tabs, label }: { tabs: readonly TabSpec[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const base = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const ids = useRef(tabs.map((t) => t.id));
  ids.current = tabs.map((t) => t.id);
  useEffect(() => {
    const fromHash = (event?: Event) => {
      const id = /^#tab-(.+)$/.exec(location.hash)?.[1];
      if (!id || !ids.current.includes(id)) return;
      setSelected(id);
      const button = buttons.current.get(id);
      button?.scrollIntoView({ block: 'center' });
      if (event) button?.focus({ preventScroll: true });
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);
  if (tabs.length === 0) return null;

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    buttons.current.get(tab.id)?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) buttons.current.set(tab.id, node);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="tabs__panel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
