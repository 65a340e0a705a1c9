/** The little the frame of every page needs about the logged-in user (issue 18: `GET /api/visitor`). */
export type { TShellUser } from '@ingressos/contracts/visitor';
