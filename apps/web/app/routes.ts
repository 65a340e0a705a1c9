import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { STATIC_PAGES } from './features/static-pages/pages.ts';

export default [
  index('routes/home.tsx'),
  route('idioma', 'routes/idioma.ts'),
  route('moeda', 'routes/moeda.ts'),

  ...Object.keys(STATIC_PAGES).map((path) => route(path, 'routes/static-page.tsx', { id: `static${path}` })),

  route('events/:slug', 'routes/event.tsx', { id: 'event' }),
  route('eventmap/:slug', 'routes/event-map.tsx'),
  route('fila/:slug', 'routes/waiting-room.tsx'),
  route('eventgroup/:slug', 'routes/event-group.tsx'),
  route('meus-ingressos', 'routes/my-tickets.tsx', { id: 'myTickets' }),
  route('meus-ingressos/offline', 'routes/my-tickets-offline.tsx'),
  route('Home/MyShops', 'routes/my-tickets.tsx', { id: 'myShops' }),
  route('minha-conta', 'routes/my-account.tsx'),
  route('dados-da-conta', 'routes/account-data.tsx'),
  route('pagamento', 'routes/payment.tsx'),
  route('pedido/:orderId', 'routes/order.tsx'),
  route('identificacao', 'routes/identification.tsx'),
  route('detalhes-do-ingresso/:eventId', 'routes/ticket-details.tsx'),
  route('transferencia-ingresso', 'routes/transfer-ticket.tsx'),
  route('transferencias', 'routes/transfers.tsx'),
  route('login', 'routes/login.tsx'),
  route('cadastrar', 'routes/register.tsx', { id: 'register' }),
  route('cadastrar-mobile', 'routes/register.tsx', { id: 'registerMobile' }),
  route('sair', 'routes/logout.ts'),
  route('resultados', 'routes/search.tsx'),
  route('carrinho', 'routes/cart.tsx', { id: 'cart' }),
  route('reconhecimento-facial', 'routes/facial-recognition.tsx', { id: 'facialRecognition' }),
  route('home/confirmpasswordreset', 'routes/confirm-password-reset.tsx'),
  route('confirmar-email', 'routes/confirm-email-change.tsx'),
  route('home/PrintTickets', 'routes/print-tickets.ts'),
  route('Home/WebsiteTickets', 'routes/commissioner-tickets.tsx', { id: 'commissionerTickets' }),
  route('Home/Website/:Id', 'routes/commissioner-tickets.tsx', { id: 'commissionerTicket' }),
  route('comissario/vendas', 'routes/commissioner-sales.tsx'),
  route('mpexport', 'routes/mpexport.tsx'),
  route('checkout_status', 'routes/checkout-status.tsx'),

  // Last: any other single segment may be an event slug; deeper unknown paths are 404.
  route(':slug', 'routes/event.tsx', { id: 'eventBySlug' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
