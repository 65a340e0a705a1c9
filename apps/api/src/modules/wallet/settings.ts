import { readFileSync } from 'node:fs';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../logger.ts';

export type TAppleWallet = {
  passTypeId: string;
  teamId: string;
  cert: string;
  key: string;
  passphrase?: string;
  wwdr: string;
  /** The pass's webServiceURL: Apple appends /v1/devices/... and /v1/passes/... to it. */
  webServiceUrl: string;
};
export type TServiceAccount = { client_email: string; private_key: string; private_key_id?: string };
export type TGoogleWallet = { issuerId: string; account: TServiceAccount; origin: string };
export type TWalletSettings = { apple: TAppleWallet | null; google: TGoogleWallet | null };

/** A PEM (or JSON) setting holds the text itself or a path to a file with it. */
const textOrFile = (value: string, starts: string) =>
  value.trimStart().startsWith(starts) ? value : readFileSync(value, 'utf8');

export const APPLE_WALLET_SETTINGS = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERT',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR_CERT',
] as const;
export const GOOGLE_WALLET_SETTINGS = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

const baseUrl = (config: TConfig) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** The wallets the settings enable (docs/wallet.md); a wallet missing any of its settings is off. */
export function walletSettings(config: TConfig): TWalletSettings {
  const apple = APPLE_WALLET_SETTINGS.every((name) => config[name])
    ? {
        passTypeId: config.APPLE_WALLET_PASS_TYPE_ID!,
        teamId: config.APPLE_WALLET_TEAM_ID!,
        cert: textOrFile(config.APPLE_WALLET_CERT!, '-----BEGIN'),
        key: textOrFile(config.APPLE_WALLET_KEY!, '-----BEGIN'),
        ...(config.APPLE_WALLET_KEY_PASSPHRASE ? { passphrase: config.APPLE_WALLET_KEY_PASSPHRASE } : {}),
        wwdr: textOrFile(config.APPLE_WALLET_WWDR_CERT!, '-----BEGIN'),
        webServiceUrl: `${baseUrl(config)}/api/wallet/apple`,
      }
    : null;
  const google = GOOGLE_WALLET_SETTINGS.every((name) => config[name])
    ? {
        issuerId: config.GOOGLE_WALLET_ISSUER_ID!,
        account: JSON.parse(textOrFile(config.GOOGLE_WALLET_SERVICE_ACCOUNT!, '{')) as TServiceAccount,
        origin: baseUrl(config),
      }
    : null;
  return { apple, google };
}

/** The loud line at start for each wallet left off, naming the settings that turn it on. */
export function walletOffLines(settings: TWalletSettings): string[] {
  const lines: string[] = [];
  if (!settings.apple)
    lines.push(
      `WALLET: 'Adicionar à Apple Wallet' is OFF (no button shown). Set ${APPLE_WALLET_SETTINGS.join(', ')} (and APPLE_WALLET_KEY_PASSPHRASE if the key has one) to turn it on; docs/wallet.md.`,
    );
  if (!settings.google)
    lines.push(
      `WALLET: 'Salvar no Google Wallet' is OFF (no button shown). Set ${GOOGLE_WALLET_SETTINGS.join(', ')} to turn it on; docs/wallet.md.`,
    );
  return lines;
}

/** What My tickets offers (its answer's `wallet`): a wallet whose settings are all there. */
export const walletOffered = (config: TConfig) => ({
  apple: APPLE_WALLET_SETTINGS.every((name) => config[name]),
  google: GOOGLE_WALLET_SETTINGS.every((name) => config[name]),
});

/** The app's wallets, read once as the app starts, with the loud warning for each one left off. */
export function walletAtStart(config: TConfig, log: TLogger): TWalletSettings {
  const settings = walletSettings(config);
  for (const line of walletOffLines(settings)) log.warn(line);
  return settings;
}
