/**
 * Outgoing mail through nodemailer. With an SMTP URL (`SUKI_SMTP_URL`, e.g.
 * `smtp://user:pass@mail.example.ph:587`) messages go to that server; without one each message is
 * written as an `.eml` file under `<dataDir>/mail/` and the path is logged, so the embedded shop
 * needs no mail server and a developer can open what was sent.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message: plain text and simple HTML (no remote images). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Sends mail; rejects when the message could not be handed over. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log (`smtp://host:port` without credentials, or the folder). */
  readonly describe: string;
  close(): void;
}

export interface MailOptions {
  readonly smtpUrl?: string | undefined;
  readonly dataDir: string;
  /** The sender, e.g. `Suki <shop@suki.example.ph>`. */
  readonly from: string;
  readonly logger?: { info(message: string): void };
}

const withoutCredentials = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'smtp';
  }
};

let sequence = 0;

/** The shop's mail transport for these options. */
export function createMailTransport(options: MailOptions): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: withoutCredentials(options.smtpUrl),
      async send(message) {
        await transporter.sendMail({ from: options.from, ...message });
      },
      close: () => transporter.close(),
    };
  }
  const folder = path.resolve(options.dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: folder,
    async send(message) {
      const info = await transporter.sendMail({ from: options.from, ...message });
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger?.info(`mail to ${message.to} written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
