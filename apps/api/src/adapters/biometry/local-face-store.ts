import type { TDb } from '../../db/client.ts';
import { eq, ne } from '../../db/orm.ts';
import { biometryFaces } from '../../db/schema/index.ts';
import type { TSealedBox } from './sealed-box.ts';

/**
 * The local provider's descriptors, one per subject, sealed at rest (AES-256-GCM). Only this file
 * reads or writes `biometry_faces`; a descriptor never leaves it except into the engine's
 * similarity, and is never logged.
 */
export type TLocalFaceStore = {
  put(subjectId: string, descriptor: Float32Array): Promise<void>;
  remove(subjectId: string): Promise<void>;
  /** Every stored face but `exceptSubject`'s, opened one at a time. */
  others(exceptSubject: string | null): AsyncIterable<{ subjectId: string; descriptor: Float32Array }>;
  count(): Promise<number>;
};

const toBytes = (d: Float32Array) =>
  new Uint8Array(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength));
const toDescriptor = (bytes: Uint8Array) =>
  new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

export function createLocalFaceStore(db: TDb, box: TSealedBox): TLocalFaceStore {
  return {
    async put(subjectId, descriptor) {
      const sealed = await box.seal(toBytes(descriptor));
      await db
        .insert(biometryFaces)
        .values({ subjectId, sealed })
        .onConflictDoUpdate({ target: biometryFaces.subjectId, set: { sealed, updatedAt: new Date() } });
    },
    async remove(subjectId) {
      await db.delete(biometryFaces).where(eq(biometryFaces.subjectId, subjectId));
    },
    async *others(exceptSubject) {
      const rows = await db
        .select({ subjectId: biometryFaces.subjectId, sealed: biometryFaces.sealed })
        .from(biometryFaces)
        .where(exceptSubject ? ne(biometryFaces.subjectId, exceptSubject) : undefined);
      for (const row of rows)
        yield { subjectId: row.subjectId, descriptor: toDescriptor(await box.open(row.sealed)) };
    },
    async count() {
      return (await db.select({ subjectId: biometryFaces.subjectId }).from(biometryFaces)).length;
    },
  };
}
