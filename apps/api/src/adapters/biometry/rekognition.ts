import {
  CompareFacesCommand,
  CreateCollectionCommand,
  CreateFaceLivenessSessionCommand,
  DeleteFacesCommand,
  DescribeCollectionCommand,
  DetectFacesCommand,
  type FaceDetail,
  GetFaceLivenessSessionResultsCommand,
  IndexFacesCommand,
  ListFacesCommand,
  type LivenessSessionStatus,
  RekognitionClient,
  SearchFacesByImageCommand,
} from '@aws-sdk/client-rekognition';
import { BIOMETRY_FRAME_MAX_BYTES } from '@ingressos/contracts/biometry';
import type { TLivenessChallenge } from '@ingressos/domain/biometry';
import type { TBiometryProvider, TCaptureCheck, TFaceMatch, TFaceProbe } from './face-provider.ts';

/**
 * AWS Rekognition as the face provider: the faces live in a Rekognition collection of our own,
 * each indexed with ExternalImageId = our user id, so our database keeps no descriptor.
 * A capture's check is DetectFaces per frame (one confident face, its box growing for
 * "move closer", its quality) and CompareFaces between the first and last frames (the same
 * person all along). DetectFaces has no anti-spoofing: where that matters, use the Face Liveness
 * session (createLivenessSession / getLivenessResult), which the browser streams to AWS with its
 * own component.
 */

export type TRekognitionOptions = {
  region: string;
  collectionId: string;
  /** Static keys; without them the SDK's default chain (environment, instance role) answers. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Another endpoint than AWS's regional one (a VPC endpoint, a test stand-in). */
  endpoint?: string;
  /** Similarity (0..1) at or above `match` is the same person; from `borderline` a person decides. */
  thresholds?: { match: number; borderline: number };
  /** The face's box area, last frame over first, for "move closer". */
  growth?: number;
  /** DetectFaces confidence (0..100) from which a detection counts as a face. */
  minFaceConfidence?: number;
  /** Face Liveness confidence (0..1) from which a finished session is a live person. */
  liveness?: number;
  /** Where Face Liveness keeps its reference and audit images, when they should be kept in S3. */
  livenessOutput?: { s3Bucket: string; s3KeyPrefix?: string };
  timeoutMs?: number;
  maxFrameBytes?: number;
};

export const REKOGNITION_DEFAULTS = {
  thresholds: { match: 0.95, borderline: 0.85 },
  growth: 1.25,
  minFaceConfidence: 90,
  liveness: 0.9,
  timeoutMs: 10_000,
  maxFrameBytes: BIOMETRY_FRAME_MAX_BYTES,
} as const;

/** Below these Quality values (0..100) the probe is poor: the result goes to a person. */
const POOR_QUALITY = { brightness: 25, sharpness: 15 } as const;
const NARROW_GROWTH = 0.15;
/** Rekognition refuses images it cannot use with these; they are the buyer's to retry. */
const IMAGE_ERRORS = new Set([
  'InvalidImageFormatException',
  'ImageTooLargeException',
  'InvalidParameterException',
]);

export type TLivenessResult = {
  status: LivenessSessionStatus;
  /** 0..1, when the session finished. */
  confidence: number | null;
  /** Finished, and confident enough that a live person was in front of the camera. */
  live: boolean;
  /** The session's best frame (JPEG), to search and enrol with, when AWS returned its bytes. */
  referenceImage: Uint8Array | null;
};

export type TRekognitionProvider = TBiometryProvider & {
  name: 'rekognition';
  /** A Face Liveness session for the browser's liveness component; its id goes to the browser. */
  createLivenessSession(options?: { auditImagesLimit?: number }): Promise<{ sessionId: string }>;
  /** The session's outcome; null when AWS does not know the session (or it is gone). */
  getLivenessResult(sessionId: string): Promise<TLivenessResult | null>;
};

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

const area = (face: FaceDetail) => (face.BoundingBox?.Width ?? 0) * (face.BoundingBox?.Height ?? 0);

export function createRekognitionProvider(options: TRekognitionOptions): TRekognitionProvider {
  const settings = { ...REKOGNITION_DEFAULTS, ...options };
  const thresholds = { ...settings.thresholds };
  const client = new RekognitionClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { requestTimeout: settings.timeoutMs, connectionTimeout: settings.timeoutMs },
  });
  const CollectionId = options.collectionId;

  let collection: Promise<void> | null = null;
  /** The collection is made on first use, so a new deployment needs no setup step. */
  function ensureCollection(): Promise<void> {
    collection ??= (async () => {
      try {
        await client.send(new DescribeCollectionCommand({ CollectionId }));
      } catch (error) {
        if (errorName(error) !== 'ResourceNotFoundException') throw error;
        try {
          await client.send(new CreateCollectionCommand({ CollectionId }));
        } catch (creating) {
          if (errorName(creating) !== 'ResourceAlreadyExistsException') throw creating;
        }
      }
    })();
    collection.catch(() => {
      collection = null;
    });
    return collection;
  }

  type TFrameFaces = { faces: FaceDetail[] } | { bad: true };
  async function detect(bytes: Uint8Array): Promise<TFrameFaces> {
    if (bytes.byteLength > settings.maxFrameBytes) return { bad: true };
    try {
      const answer = await client.send(
        new DetectFacesCommand({ Image: { Bytes: bytes }, Attributes: ['DEFAULT'] }),
      );
      return {
        faces: (answer.FaceDetails ?? []).filter(
          (face) => (face.Confidence ?? 0) >= settings.minFaceConfidence,
        ),
      };
    } catch (error) {
      if (IMAGE_ERRORS.has(errorName(error))) return { bad: true };
      throw error;
    }
  }

  /** How alike the largest faces of two images are, 0..1 (0 when either has none). */
  async function compare(source: Uint8Array, target: Uint8Array): Promise<number> {
    try {
      const answer = await client.send(
        new CompareFacesCommand({
          SourceImage: { Bytes: source },
          TargetImage: { Bytes: target },
          SimilarityThreshold: 0,
        }),
      );
      return Math.max(0, ...(answer.FaceMatches ?? []).map((match) => (match.Similarity ?? 0) / 100));
    } catch (error) {
      if (IMAGE_ERRORS.has(errorName(error))) return 0;
      throw error;
    }
  }

  async function check(input: {
    frames: Uint8Array[];
    challenge: TLivenessChallenge;
  }): Promise<TCaptureCheck> {
    const { frames } = input;
    // Frames are looked at together (one round trip of waiting), then judged in capture order.
    const found = await Promise.all(frames.map(detect));
    const faces: FaceDetail[] = [];
    for (const [frameIndex, frame] of found.entries()) {
      if ('bad' in frame) return { kind: 'bad_image', frameIndex };
      if (frame.faces.length === 0) return { kind: 'no_face', frameIndex };
      if (frame.faces.length > 1) return { kind: 'several_faces', frameIndex };
      faces.push(frame.faces[0]!);
    }
    if (input.challenge !== 'move_closer' || frames.length < 2)
      return { kind: 'challenge_failed', frameIndex: null };
    const last = frames.length - 1;
    const growth = area(faces[last]!) / Math.max(area(faces[0]!), Number.EPSILON);
    if (growth < settings.growth) return { kind: 'challenge_failed', frameIndex: last };
    const sameness = await compare(frames[0]!, frames[last]!);
    if (sameness < thresholds.borderline) return { kind: 'challenge_failed', frameIndex: last };
    const quality = faces[last]!.Quality;
    const poor =
      (quality?.Brightness ?? 100) < POOR_QUALITY.brightness ||
      (quality?.Sharpness ?? 100) < POOR_QUALITY.sharpness;
    return {
      kind: 'ok',
      // The closest frame: Rekognition indexes and searches images, not our descriptors.
      probe: { image: frames[last]! },
      // The challenge only: DetectFaces does not tell a live face from a picture of one.
      liveness: 1,
      borderline: poor || sameness < thresholds.match || growth < settings.growth + NARROW_GROWTH,
    };
  }

  function probeImage(probe: TFaceProbe): Uint8Array {
    if (!probe.image) throw new Error('Rekognition needs the capture image, not a descriptor');
    return probe.image;
  }

  async function search(probe: TFaceProbe): Promise<TFaceMatch[]> {
    await ensureCollection();
    let matches: { Similarity?: number; Face?: { ExternalImageId?: string } }[];
    try {
      const answer = await client.send(
        new SearchFacesByImageCommand({
          CollectionId,
          Image: { Bytes: probeImage(probe) },
          MaxFaces: 20,
          FaceMatchThreshold: thresholds.borderline * 100,
          QualityFilter: 'NONE',
        }),
      );
      matches = answer.FaceMatches ?? [];
    } catch (error) {
      // No face in the probe (it passed the check, so only a changed image could do this): no match.
      if (errorName(error) === 'InvalidParameterException') return [];
      throw error;
    }
    const best = new Map<string, number>();
    for (const match of matches) {
      const subjectId = match.Face?.ExternalImageId;
      if (!subjectId) continue;
      const similarity = (match.Similarity ?? 0) / 100;
      best.set(subjectId, Math.max(best.get(subjectId) ?? 0, similarity));
    }
    return [...best]
      .map(([subjectId, similarity]) => ({ subjectId, similarity }))
      .sort((a, b) => b.similarity - a.similarity);
  }

  /** The collection's face ids indexed for the subject (ListFaces has no filter by ExternalImageId). */
  async function facesOf(subjectId: string): Promise<string[]> {
    const ids: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await client.send(new ListFacesCommand({ CollectionId, MaxResults: 1000, NextToken }));
      for (const face of page.Faces ?? [])
        if (face.ExternalImageId === subjectId && face.FaceId) ids.push(face.FaceId);
      NextToken = page.NextToken;
    } while (NextToken);
    return ids;
  }

  async function deleteFaces(ids: string[]) {
    for (let at = 0; at < ids.length; at += 4096)
      await client.send(new DeleteFacesCommand({ CollectionId, FaceIds: ids.slice(at, at + 4096) }));
  }

  async function enrol(subjectId: string, probe: TFaceProbe): Promise<void> {
    await ensureCollection();
    const answer = await client.send(
      new IndexFacesCommand({
        CollectionId,
        Image: { Bytes: probeImage(probe) },
        ExternalImageId: subjectId,
        MaxFaces: 1,
        QualityFilter: 'AUTO',
      }),
    );
    const indexed = answer.FaceRecords?.[0]?.Face?.FaceId;
    if (!indexed) throw new Error('Rekognition indexed no face of the capture');
    // The new face is in before the earlier ones go: a failure here never leaves the subject without one.
    await deleteFaces((await facesOf(subjectId)).filter((id) => id !== indexed));
  }

  async function remove(subjectId: string): Promise<void> {
    await ensureCollection();
    await deleteFaces(await facesOf(subjectId));
  }

  async function createLivenessSession(session: { auditImagesLimit?: number } = {}) {
    const answer = await client.send(
      new CreateFaceLivenessSessionCommand({
        Settings: {
          AuditImagesLimit: session.auditImagesLimit ?? 0,
          ...(options.livenessOutput
            ? {
                OutputConfig: {
                  S3Bucket: options.livenessOutput.s3Bucket,
                  S3KeyPrefix: options.livenessOutput.s3KeyPrefix,
                },
              }
            : {}),
        },
      }),
    );
    if (!answer.SessionId) throw new Error('Rekognition created no liveness session');
    return { sessionId: answer.SessionId };
  }

  async function getLivenessResult(sessionId: string): Promise<TLivenessResult | null> {
    try {
      const answer = await client.send(new GetFaceLivenessSessionResultsCommand({ SessionId: sessionId }));
      const status = answer.Status ?? 'FAILED';
      const confidence = answer.Confidence === undefined ? null : answer.Confidence / 100;
      return {
        status,
        confidence,
        live: status === 'SUCCEEDED' && confidence !== null && confidence >= settings.liveness,
        referenceImage: answer.ReferenceImage?.Bytes ?? null,
      };
    } catch (error) {
      if (['SessionNotFoundException', 'InvalidParameterException'].includes(errorName(error))) return null;
      throw error;
    }
  }

  return {
    name: 'rekognition',
    thresholds,
    check,
    search,
    enrol,
    remove,
    createLivenessSession,
    getLivenessResult,
  };
}
