/** A problem found in a catalogue file, at a JSON path (docs/catalog-import.md). */
export type TImportIssue = { path: string; message: string };
