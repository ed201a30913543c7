// Values of raw queries ($queryRaw) as each driver hands them back: SQLite
// gives timestamps as text and integers as BigInt; PostgreSQL Date and number.
export type RawDate = Date | string;
export type RawInt = number | bigint;

export const toDate = (value: RawDate) => (value instanceof Date ? value : new Date(value));
