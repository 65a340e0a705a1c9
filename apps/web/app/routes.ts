import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { STATIC_PAGES } from './features/static-pages/pages.ts';

/** A page whose own issue has not filled it yet: it shows its frame (title, layout). */
const frame = (path: string, id: string) => route(path, 'routes/frame.tsx', { id });
/** The same, for pages that need a login: anonymous visitors get the login and register screen. */
const protectedFrame = (path: string, id: string) => route(path, 'routes/protected-frame.tsx', { id });

export default [
  index('routes/home.tsx'),
  route('idioma', 'routes/idioma.ts'),

  ...Object.keys(STATIC_PAGES).map((path) => route(path, 'routes/static-page.tsx', { id: `static${path}` })),

  route('events/:slug', 'routes/event.tsx', { id: 'event' }),
  route('eventmap/:slug', 'routes/event-map.tsx'),
  route('eventgroup/:slug', 'routes/event-group.tsx'),
  protectedFrame('meus-ingressos', 'myTickets'),
  protectedFrame('Home/MyShops', 'myShops'),
  route('minha-conta', 'routes/my-account.tsx'),
  route('dados-da-conta', 'routes/account-data.tsx'),
  protectedFrame('pagamento', 'payment'),
  protectedFrame('identificacao', 'identification'),
  frame('detalhes-do-ingresso/:eventId', 'ticketDetails'),
  frame('transferencia-ingresso', 'transferTicket'),
  frame('transferencias', 'transfers'),
  route('login', 'routes/login.tsx'),
  route('cadastrar', 'routes/register.tsx', { id: 'register' }),
  route('cadastrar-mobile', 'routes/register.tsx', { id: 'registerMobile' }),
  route('sair', 'routes/logout.ts'),
  route('resultados', 'routes/search.tsx'),
  route('carrinho', 'routes/cart.tsx', { id: 'cart' }),
  frame('reconhecimento-facial', 'facialRecognition'),
  route('home/confirmpasswordreset', 'routes/confirm-password-reset.tsx'),
  frame('home/PrintTickets', 'printTickets'),
  frame('Home/WebsiteTickets', 'commissionerTickets'),
  frame('Home/Website/:Id', 'commissionerTicket'),
  frame('mpexport', 'paymentScript'),
  frame('checkout_status', 'checkoutStatus'),

  // Last: any other single segment may be an event slug; deeper unknown paths are 404.
  route(':slug', 'routes/event.tsx', { id: 'eventBySlug' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
