/** drizzle-orm's PostgreSQL column and table builders, for the schema files (see orm.ts). */
export * from 'drizzle-orm/pg-core';
