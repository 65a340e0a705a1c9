/** Spec §9: toasts close after 8 s, error toasts after 10 s (phone success passes 2 s). */
export const TOAST_MS = { success: 8_000, info: 8_000, error: 10_000 } as const;

export type TToastKind = keyof typeof TOAST_MS;
export type TToast = { id: string; kind: TToastKind; message: string; durationMs: number };

type TListener = () => void;

let toasts: readonly TToast[] = [];
const listeners = new Set<TListener>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(kind: TToastKind, message: string, durationMs: number = TOAST_MS[kind]): string {
  counter += 1;
  const id = `t${counter}`;
  toasts = [...toasts, { id, kind, message, durationMs }];
  emit();
  return id;
}

export function dismissToast(id: string) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export const toast = {
  success: (message: string, durationMs?: number) => showToast('success', message, durationMs),
  error: (message: string, durationMs?: number) => showToast('error', message, durationMs),
  info: (message: string, durationMs?: number) => showToast('info', message, durationMs),
};

export function subscribeToasts(listener: TListener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts() {
  return toasts;
}

const none: readonly TToast[] = [];
export function getServerToasts() {
  return none;
}
