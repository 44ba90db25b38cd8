/** A toast as the product shows it (spec section 8): its kind, a title and an optional description. */
export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  type: ToastType;
  title: string;
  description?: string;
}

/** What a refusal carries: the server's message and its error text (spec section 8). */
export interface Refusal {
  message: string;
  error: string;
}
