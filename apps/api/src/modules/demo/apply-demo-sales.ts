import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { seedSoldUnits } from '../cart/stock-outside-cart.ts';
import { DEMO_SLUGS } from './demo-catalogue.ts';

/** Theatre seats already sold in the demo: a few blocks, as a real house fills. */
const SOLD_SEATS = [
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'A6',
  'C7',
  'C8',
  'C9',
  'C10',
  'E3',
  'E4',
  'F12',
  'F13',
  'K1',
  'K2',
  'K3',
];
const SOLD_TABLES = ['M1', 'M2', 'M7', 'M13'];

/**
 * Sales the demo starts with, so every state shows: lot 1 of the festival sold out, sold seats and
 * tables on the maps, a stadium sector down to its last units. Runs once, right after the import.
 */
export async function applyDemoSales(db: TDb): Promise<void> {
  const lotsOf = (slug: string) => sql`
    select l.id from ticket_lots l
    join event_tickets t on t.id = l.ticket_id
    join event_sections s on s.id = t.section_id
    join events e on e.id = s.event_id
    where e.slug = ${slug}`;
  const placesOf = (slug: string, aliases: string[]) => sql`
    select p.id from controlled_places p
    join event_sections s on s.id = p.section_id
    join events e on e.id = s.event_id
    where e.slug = ${slug} and p.alias in (${sql.join(
      aliases.map((a) => sql`${a}`),
      sql`, `,
    )})`;

  // The counters are the stock module's to write (modules/cart/stock*.ts): this names what is sold.
  // Festival: every lot 1 sold out, lot 2 on sale.
  await seedSoldUnits(
    db,
    'lots',
    sql`select id, capacity from ticket_lots where number = 1 and id in (${lotsOf(DEMO_SLUGS.festival)})`,
  );

  // Theatre and samba night: seats and whole tables sold; their lots count the same units.
  await seedSoldUnits(
    db,
    'places',
    sql`select id, capacity from controlled_places where id in (${placesOf(DEMO_SLUGS.theatre, SOLD_SEATS)})`,
  );
  await seedSoldUnits(
    db,
    'places',
    sql`select id, capacity from controlled_places where id in (${placesOf(DEMO_SLUGS.samba, SOLD_TABLES)})`,
  );
  await seedSoldUnits(
    db,
    'lots',
    sql`
    select l.id, least(l.capacity, coalesce((
      select sum(p.sold) from controlled_places p
      join event_tickets t on t.section_id = p.section_id
      where t.id = l.ticket_id and t.position = 0), 0))
    from ticket_lots l
    where l.id in (${lotsOf(DEMO_SLUGS.theatre)}) or l.id in (${lotsOf(DEMO_SLUGS.samba)})`,
  );

  // Stadium: the premium sector down to its last units, the rest selling.
  await seedSoldUnits(
    db,
    'lots',
    sql`
    select l.id, case when s.name = 'Pista Premium' then l.capacity - 35 else l.capacity / 2 end
    from ticket_lots l, event_tickets t, event_sections s
    where t.id = l.ticket_id and s.id = t.section_id and l.number = 1 and l.id in (${lotsOf(DEMO_SLUGS.stadium)})`,
  );

  await seedSoldUnits(
    db,
    'lots',
    sql`select id, capacity / 3 from ticket_lots where number = 1 and id in (${lotsOf(DEMO_SLUGS.past)})`,
  );
  await db.execute(sql`update events set revision = revision + 1, updated_at = now()`);
}
