import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import { createLocalFaceEngine, type TDetectedFace } from '../adapters/biometry/local-face-engine.ts';

/**
 * A local stand-in for AWS Rekognition (this machine cannot reach AWS): Rekognition's JSON 1.1
 * protocol (POST /, `X-Amz-Target: RekognitionService.<Operation>`, `application/x-amz-json-1.1`,
 * errors as `{ __type, message }` with status 400), requests signed with Signature V4 and checked
 * against the test credentials (a wrong secret is `InvalidSignatureException`, an unknown key
 * `UnrecognizedClientException`). The faces are real: it runs the local face engine on the image
 * bytes, so a capture with two people has two FaceDetails and the same person is found again.
 * Operations, with the request and answer fields the AWS SDK's models define: DetectFaces,
 * CompareFaces, SearchFacesByImage, IndexFaces, ListFaces, DeleteFaces, CreateCollection,
 * DescribeCollection, CreateFaceLivenessSession, GetFaceLivenessSessionResults.
 * Face Liveness streams from the browser to AWS, which this stand-in cannot host:
 * `finishLivenessSession` plays that part, judging the image it is given.
 * Limits: JPEG only (Rekognition also takes PNG); Similarity is the engine's cosine, in percent.
 */

export const REKOGNITION_TEST_CREDENTIALS = {
  accessKeyId: 'AKIASTANDIN000000001',
  secretAccessKey: 'stand-in/secret/key/for/tests/only/0000000',
};
const REGION = 'us-east-1';
const MODEL_VERSION = '7.0';
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

type TStoredFace = {
  FaceId: string;
  ImageId: string;
  ExternalImageId?: string;
  BoundingBox: TBoundingBox;
  Confidence: number;
  descriptor: Float32Array;
};
type TBoundingBox = { Width: number; Height: number; Left: number; Top: number };
type TSession = {
  status: 'CREATED' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED';
  confidence?: number;
  reference?: string;
};

export type TRekognitionStandIn = {
  url: string;
  region: string;
  /** Every request: the operation and its JSON body (image bytes replaced by their length). */
  received: { operation: string; headers: Record<string, string | string[] | undefined>; body: unknown }[];
  collections: Map<string, TStoredFace[]>;
  /** What the browser's liveness component and AWS would do: judge `image` (JPEG) and finish the session. */
  finishLivenessSession(sessionId: string, image: Uint8Array): Promise<void>;
  expireLivenessSession(sessionId: string): void;
  close(): Promise<void>;
};

class RekognitionFault extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

const bad = (message: string) => new RekognitionFault('InvalidParameterException', message);

function sha256(data: string | Buffer) {
  return createHash('sha256').update(data).digest('hex');
}
function hmac(key: string | Buffer, data: string) {
  return createHmac('sha256', key).update(data).digest();
}

/** Signature V4 as AWS checks it: the same canonical request, signed with the key's secret. */
function verifySignature(request: IncomingMessage, body: Buffer) {
  const authorization = String(request.headers.authorization ?? '');
  const parsed =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parsed)
    throw new RekognitionFault('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [, keyId, day, region, service, signedHeaders, signature] = parsed as unknown as string[];
  if (keyId !== REKOGNITION_TEST_CREDENTIALS.accessKeyId)
    throw new RekognitionFault(
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  if (service !== 'rekognition' || region !== REGION)
    throw new RekognitionFault(
      'InvalidSignatureException',
      `Credential should be scoped to ${REGION}/rekognition.`,
    );
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const headers = signedHeaders!.split(';');
  const canonicalHeaders = headers
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const [path, query = ''] = (request.url ?? '/').split('?');
  const canonical = [request.method, path, query, canonicalHeaders, signedHeaders, sha256(body)].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${REKOGNITION_TEST_CREDENTIALS.secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
  const expected = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature!)))
    throw new RekognitionFault(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided.',
    );
}

type TImageInput = { Bytes?: string; S3Object?: unknown };

export async function startRekognitionStandIn(): Promise<TRekognitionStandIn> {
  const engine = createLocalFaceEngine();
  const collections = new Map<string, TStoredFace[]>();
  const sessions = new Map<string, TSession>();
  const received: TRekognitionStandIn['received'] = [];

  function imageBytes(image: TImageInput | undefined, field = 'Image'): Buffer {
    if (!image || typeof image.Bytes !== 'string') {
      if (image?.S3Object) throw bad('This stand-in reads image bytes only, not S3 objects.');
      throw bad(`${field} is required.`);
    }
    const bytes = Buffer.from(image.Bytes, 'base64');
    if (bytes.length > IMAGE_MAX_BYTES)
      throw new RekognitionFault('ImageTooLargeException', 'Image size is too large.');
    return bytes;
  }

  /** The image's faces, largest first, as FaceDetails with DEFAULT attributes. */
  async function facesIn(bytes: Buffer) {
    const faces = await engine.detect(bytes);
    if (!faces) throw new RekognitionFault('InvalidImageFormatException', 'Request has invalid image format');
    const quality = qualityOf(bytes);
    return faces
      .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])
      .map((face) => ({ face, detail: faceDetail(face, quality(face)) }));
  }

  function collectionOf(id: unknown): TStoredFace[] {
    const faces = collections.get(String(id));
    if (!faces)
      throw new RekognitionFault('ResourceNotFoundException', `The collection id: ${id} does not exist`);
    return faces;
  }

  const similarity = (a: Float32Array, b: Float32Array) =>
    Math.round(engine.similarity(a, b) * 100 * 10_000) / 10_000;
  const publicFace = ({ descriptor: _descriptor, ...face }: TStoredFace) => ({
    ...face,
    IndexFacesModelVersion: MODEL_VERSION,
  });

  // biome-ignore lint/suspicious/noExplicitAny: request bodies are JSON read by each operation.
  const operations: Record<string, (body: any) => Promise<unknown>> = {
    async DetectFaces(body) {
      const faces = await facesIn(imageBytes(body.Image));
      return { FaceDetails: faces.map(({ detail }) => detail) };
    },
    async CompareFaces(body) {
      const threshold = body.SimilarityThreshold ?? 80;
      const source = await facesIn(imageBytes(body.SourceImage, 'SourceImage'));
      const target = await facesIn(imageBytes(body.TargetImage, 'TargetImage'));
      if (source.length === 0) throw bad('Request has invalid parameters');
      const reference = source[0]!;
      const scored = target.map(({ face, detail }) => ({
        Similarity: similarity(reference.face.descriptor, face.descriptor),
        Face: detail,
      }));
      return {
        SourceImageFace: {
          BoundingBox: reference.detail.BoundingBox,
          Confidence: reference.detail.Confidence,
        },
        FaceMatches: scored.filter((match) => match.Similarity >= threshold),
        UnmatchedFaces: scored.filter((match) => match.Similarity < threshold).map((match) => match.Face),
      };
    },
    async SearchFacesByImage(body) {
      const stored = collectionOf(body.CollectionId);
      const faces = await facesIn(imageBytes(body.Image));
      if (faces.length === 0) throw bad('There are no faces in the image. Should be at least 1.');
      const searched = faces[0]!;
      const threshold = body.FaceMatchThreshold ?? 80;
      const matches = stored
        .map((face) => ({
          Similarity: similarity(searched.face.descriptor, face.descriptor),
          Face: publicFace(face),
        }))
        .filter((match) => match.Similarity >= threshold)
        .sort((a, b) => b.Similarity - a.Similarity)
        .slice(0, body.MaxFaces ?? 80);
      return {
        SearchedFaceBoundingBox: searched.detail.BoundingBox,
        SearchedFaceConfidence: searched.detail.Confidence,
        FaceMatches: matches,
        FaceModelVersion: MODEL_VERSION,
      };
    },
    async IndexFaces(body) {
      const stored = collectionOf(body.CollectionId);
      const external = body.ExternalImageId;
      if (external !== undefined && !/^[a-zA-Z0-9_.\-:]{1,255}$/.test(external))
        throw bad('ExternalImageId must match [a-zA-Z0-9_.\\-:]+');
      const faces = await facesIn(imageBytes(body.Image));
      const ImageId = randomUUID();
      const FaceRecords = [];
      const UnindexedFaces = [];
      for (const { face, detail } of faces) {
        const lowQuality = body.QualityFilter !== 'NONE' && detail.Confidence < 90;
        if (lowQuality) UnindexedFaces.push({ Reasons: ['LOW_CONFIDENCE'], FaceDetail: detail });
        else if (FaceRecords.length >= (body.MaxFaces ?? 100))
          UnindexedFaces.push({ Reasons: ['EXCEEDS_MAX_FACES'], FaceDetail: detail });
        else {
          const record: TStoredFace = {
            FaceId: randomUUID(),
            ImageId,
            ...(external ? { ExternalImageId: external } : {}),
            BoundingBox: detail.BoundingBox,
            Confidence: detail.Confidence,
            descriptor: face.descriptor,
          };
          stored.push(record);
          FaceRecords.push({ Face: publicFace(record), FaceDetail: detail });
        }
      }
      return { FaceRecords, UnindexedFaces, FaceModelVersion: MODEL_VERSION };
    },
    async ListFaces(body) {
      const stored = collectionOf(body.CollectionId);
      const from = body.NextToken ? Number(body.NextToken) : 0;
      if (!Number.isInteger(from) || from < 0)
        throw new RekognitionFault('InvalidPaginationTokenException', 'Invalid pagination token');
      const size = Math.min(body.MaxResults ?? 1000, 4096);
      const page = stored.slice(from, from + size);
      return {
        Faces: page.map(({ descriptor: _descriptor, ...face }) => face),
        ...(from + size < stored.length ? { NextToken: String(from + size) } : {}),
        FaceModelVersion: MODEL_VERSION,
      };
    },
    async DeleteFaces(body) {
      const stored = collectionOf(body.CollectionId);
      const ids: string[] = body.FaceIds ?? [];
      if (ids.length === 0 || ids.length > 4096) throw bad('FaceIds must hold 1 to 4096 ids.');
      const deleted = stored.filter((face) => ids.includes(face.FaceId)).map((face) => face.FaceId);
      collections.set(
        String(body.CollectionId),
        stored.filter((face) => !deleted.includes(face.FaceId)),
      );
      return { DeletedFaces: deleted, UnsuccessfulFaceDeletions: [] };
    },
    async CreateCollection(body) {
      const id = String(body.CollectionId ?? '');
      if (!/^[a-zA-Z0-9_.-]{1,255}$/.test(id)) throw bad('CollectionId must match [a-zA-Z0-9_.\\-]+');
      if (collections.has(id))
        throw new RekognitionFault(
          'ResourceAlreadyExistsException',
          `The collection id: ${id} already exists`,
        );
      collections.set(id, []);
      return {
        StatusCode: 200,
        CollectionArn: `aws:rekognition:${REGION}:000000000000:collection/${id}`,
        FaceModelVersion: MODEL_VERSION,
      };
    },
    async DescribeCollection(body) {
      const stored = collectionOf(body.CollectionId);
      return {
        FaceCount: stored.length,
        UserCount: 0,
        FaceModelVersion: MODEL_VERSION,
        CollectionARN: `arn:aws:rekognition:${REGION}:000000000000:collection/${body.CollectionId}`,
        CreationTimestamp: Math.floor(Date.now() / 1000),
      };
    },
    async CreateFaceLivenessSession(body) {
      const limit = body.Settings?.AuditImagesLimit ?? 0;
      if (!Number.isInteger(limit) || limit < 0 || limit > 4) throw bad('AuditImagesLimit must be 0 to 4.');
      const SessionId = randomUUID();
      sessions.set(SessionId, { status: 'CREATED' });
      return { SessionId };
    },
    async GetFaceLivenessSessionResults(body) {
      const session = sessions.get(String(body.SessionId));
      if (!session) throw new RekognitionFault('SessionNotFoundException', 'Session not found');
      return {
        SessionId: body.SessionId,
        Status: session.status,
        ...(session.confidence === undefined ? {} : { Confidence: session.confidence }),
        ...(session.reference ? { ReferenceImage: { Bytes: session.reference } } : {}),
        AuditImages: [],
      };
    },
  };

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.replace(/^RekognitionService\./, '');
    const answer = (status: number, payload: unknown, type?: string) => {
      response.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': randomUUID(),
        ...(type ? { 'x-amzn-errortype': type } : {}),
      });
      response.end(JSON.stringify(payload));
    };
    try {
      verifySignature(request, raw);
      if (request.method !== 'POST' || request.url !== '/' || !target.startsWith('RekognitionService.'))
        throw new RekognitionFault('UnknownOperationException', 'Unknown operation');
      if (!String(request.headers['content-type']).startsWith('application/x-amz-json-1.1'))
        throw new RekognitionFault('SerializationException', 'Expected application/x-amz-json-1.1');
      const handler = operations[operation];
      if (!handler) throw new RekognitionFault('UnknownOperationException', `Unknown operation ${operation}`);
      const body = JSON.parse(raw.toString('utf8') || '{}');
      received.push({ operation, headers: request.headers, body: withoutBytes(body) });
      answer(200, await handler(body));
    } catch (error) {
      if (error instanceof RekognitionFault)
        answer(400, { __type: error.type, message: error.message }, error.type);
      else if (error instanceof SyntaxError)
        answer(
          400,
          { __type: 'SerializationException', message: 'Malformed JSON' },
          'SerializationException',
        );
      else answer(500, { __type: 'InternalServerError', message: String(error) }, 'InternalServerError');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    region: REGION,
    received,
    collections,
    async finishLivenessSession(sessionId, image) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no liveness session ${sessionId}`);
      const faces = await engine.detect(image);
      const face = faces?.length === 1 ? faces[0]! : null;
      if (!face) sessions.set(sessionId, { status: 'FAILED' });
      else
        sessions.set(sessionId, {
          status: 'SUCCEEDED',
          confidence: Math.round(face.real * 100 * 1000) / 1000,
          reference: Buffer.from(image).toString('base64'),
        });
    },
    expireLivenessSession(sessionId) {
      const session = sessions.get(sessionId);
      if (session) session.status = 'EXPIRED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function withoutBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBytes);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === 'Bytes' && typeof inner === 'string'
          ? [key, `<${inner.length} base64 chars>`]
          : [key, withoutBytes(inner)],
      ),
    );
  return value;
}

function faceDetail(face: TDetectedFace, quality: { Brightness: number; Sharpness: number }) {
  const [Left, Top, Width, Height] = face.box;
  return {
    BoundingBox: { Width, Height, Left, Top },
    Confidence: Math.round(face.score * 100 * 1000) / 1000,
    Landmarks: [],
    Pose: { Roll: 0, Yaw: 0, Pitch: 0 },
    Quality: quality,
  };
}

/** Rekognition's Quality (0..100) of a face's box: its mean brightness and its edge strength. */
function qualityOf(bytes: Buffer) {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 17 });
  const luma = (x: number, y: number) => {
    const at = (y * image.width + x) * 3;
    return 0.299 * image.data[at]! + 0.587 * image.data[at + 1]! + 0.114 * image.data[at + 2]!;
  };
  return (face: TDetectedFace) => {
    const [left, top, width, height] = face.box;
    const x0 = Math.max(1, Math.floor(left * image.width));
    const y0 = Math.max(1, Math.floor(top * image.height));
    const x1 = Math.min(image.width - 1, Math.ceil((left + width) * image.width));
    const y1 = Math.min(image.height - 1, Math.ceil((top + height) * image.height));
    let sum = 0;
    let edges = 0;
    let count = 0;
    for (let y = y0; y < y1; y += 2)
      for (let x = x0; x < x1; x += 2) {
        const centre = luma(x, y);
        sum += centre;
        edges += Math.abs(4 * centre - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1));
        count += 1;
      }
    if (count === 0) return { Brightness: 0, Sharpness: 0 };
    return {
      Brightness: Math.round((sum / count / 255) * 100 * 100) / 100,
      Sharpness: Math.round(Math.min(100, (edges / count) * 10) * 100) / 100,
    };
  };
}
