import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { STATIC_PAGES } from './features/static-pages/pages.ts';

/** A page whose own issue has not filled it yet: it shows its frame (title, layout). */
const frame = (path: string, id: string) => route(path, 'routes/frame.tsx', { id });

export default [
  index('routes/home.tsx'),
  route('idioma', 'routes/idioma.ts'),

  ...Object.keys(STATIC_PAGES).map((path) => route(path, 'routes/static-page.tsx', { id: `static${path}` })),

  route('events/:slug', 'routes/event.tsx', { id: 'event' }),
  route('eventmap/:slug', 'routes/event-map.tsx'),
  route('eventgroup/:slug', 'routes/event-group.tsx'),
  frame('meus-ingressos', 'myTickets'),
  frame('Home/MyShops', 'myShops'),
  frame('minha-conta', 'myAccount'),
  frame('dados-da-conta', 'accountData'),
  frame('pagamento', 'payment'),
  frame('identificacao', 'identification'),
  frame('detalhes-do-ingresso/:eventId', 'ticketDetails'),
  frame('transferencia-ingresso', 'transferTicket'),
  frame('transferencias', 'transfers'),
  frame('login', 'login'),
  frame('cadastrar', 'register'),
  frame('cadastrar-mobile', 'registerMobile'),
  route('resultados', 'routes/search.tsx'),
  frame('carrinho', 'cart'),
  frame('reconhecimento-facial', 'facialRecognition'),
  frame('home/confirmpasswordreset', 'confirmPasswordReset'),
  frame('home/PrintTickets', 'printTickets'),
  frame('Home/WebsiteTickets', 'commissionerTickets'),
  frame('Home/Website/:Id', 'commissionerTicket'),
  frame('mpexport', 'paymentScript'),
  frame('checkout_status', 'checkoutStatus'),

  // Last: any other single segment may be an event slug; deeper unknown paths are 404.
  route(':slug', 'routes/event.tsx', { id: 'eventBySlug' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
