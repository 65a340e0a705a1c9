import type { TSiteFlagsAnswer } from '@ingressos/contracts/site-flags';
import type { TConfig } from '../../config.ts';
import type { TSiteFlagsState } from './site-flags.ts';

/** The widget scripts to load: a switch that is on and has its provider's script configured. */
export function widgetScripts(config: TConfig, state: TSiteFlagsState): TSiteFlagsAnswer['scripts'] {
  return {
    chatWidget: state.flags.chatWidget ? (config.CHAT_WIDGET_SCRIPT_URL ?? null) : null,
    crmForm: state.flags.crmForm ? (config.CRM_FORM_SCRIPT_URL ?? null) : null,
  };
}

/** The origins the pages' CSP must allow for the widgets that are on (none while both are off). */
export function widgetOrigins(config: TConfig, state: TSiteFlagsState): string[] {
  const scripts = widgetScripts(config, state);
  return [
    ...new Set(
      [scripts.chatWidget, scripts.crmForm]
        .filter((u): u is string => Boolean(u))
        .map((u) => new URL(u).origin),
    ),
  ];
}

/** GET /api/site/flags. */
export function siteFlagsAnswer(
  config: TConfig,
  state: TSiteFlagsState,
  refreshMs: number,
): TSiteFlagsAnswer {
  return {
    flags: state.flags,
    scripts: widgetScripts(config, state),
    refreshMs,
    updatedAt: state.updatedAt?.toISOString() ?? null,
  };
}
