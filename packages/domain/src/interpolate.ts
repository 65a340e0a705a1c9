export type TVars = Record<string, string | number>;

/** Replaces `{name}` placeholders; an unknown placeholder stays visible so it gets noticed. */
export function interpolate(template: string, vars?: TVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
