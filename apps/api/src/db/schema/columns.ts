/** Column shapes many tables repeat (not a table: index.ts does not export it). */
import { type AnyPgColumn, integer } from '../pg-core.ts';

/** A table's own number, made by the database (an identity column). */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** The row it belongs to, by that row's number: required, and deleted with it. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
