import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { StandardRetryStrategy } from "@smithy/core/retry";
import type { Env } from "../env.server";
import { StartupError } from "../startup-error";
import type { FileStorage } from "./file-storage";

type S3Config = NonNullable<Env["s3"]>;

const maxAttempts = 4;
/** S3's minimum. With one part in flight, an upload holds about one part (two while joining chunks). */
const partSize = 5 * 1024 * 1024;

/**
 * The SDK's standard retries (exponential backoff with jitter, a retry budget, Retry-After) cover 429,
 * 500, 502, 503 and 504 only; DESIGN asks for every 5xx and 408 too.
 */
class RetryServerErrors extends StandardRetryStrategy {
  override refreshRetryTokenForRetry(...[token, errorInfo]: RetryArgs) {
    const status = (errorInfo.error as { $metadata?: { httpStatusCode?: number } } | undefined)
      ?.$metadata?.httpStatusCode;
    const isRetryableStatus = status !== undefined && (status === 408 || status >= 500);
    const isClassifiedFatal =
      errorInfo.errorType === "CLIENT_ERROR" || errorInfo.errorType === "SERVER_ERROR";
    return super.refreshRetryTokenForRetry(
      token,
      isRetryableStatus && isClassifiedFatal ? { ...errorInfo, errorType: "TRANSIENT" } : errorInfo,
    );
  }
}
type RetryArgs = Parameters<StandardRetryStrategy["refreshRetryTokenForRetry"]>;

/**
 * Files in an S3-compatible bucket. An upload is sent in parts as it streams in, so memory stays bounded
 * whatever the file size; if it fails, the multipart upload is aborted, so the key never holds a partial
 * file. (Should an abort itself fail, a bucket lifecycle rule that aborts incomplete multipart uploads
 * reclaims the parts.)
 */
export function createS3FileStorage(config: S3Config): FileStorage {
  const { bucket } = config;
  if (Boolean(config.accessKeyId) !== Boolean(config.secretAccessKey)) {
    throw new StartupError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without keys in the configuration, the SDK's default chain (environment, profile, IAM role).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    maxAttempts,
    retryStrategy: new RetryServerErrors(maxAttempts),
    // Several S3-compatible stores reject the newer default checksum headers; AWS itself gets them.
    ...(config.endpoint
      ? {
          requestChecksumCalculation: "WHEN_REQUIRED" as const,
          responseChecksumValidation: "WHEN_REQUIRED" as const,
        }
      : {}),
    requestHandler: { connectionTimeout: 5_000 },
  });

  async function getObject(key: string) {
    const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!(response.Body instanceof Readable)) throw new Error(`No body for storage key ${key}`);
    return { body: response.Body, size: response.ContentLength };
  }

  return {
    describe: () => `S3 bucket ${bucket} at ${config.endpoint ? safeUrl(config.endpoint) : "AWS"}`,

    async put(key, body, options) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: options.contentType },
        partSize,
        // One part in flight: the source waits (backpressure) while a part is sent.
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The source's own error (e.g. FileTooLargeError) matters to the caller, not a failed abort.
        const sourceError = body.errored;
        if (!body.destroyed) body.destroy();
        throw sourceError ?? error;
      }
    },

    async read(key) {
      const { body } = await getObject(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async open(key) {
      try {
        const { body, size } = await getObject(key);
        if (size === undefined) {
          body.destroy();
          throw new Error(`No size for storage key ${key}`);
        }
        return { body, size };
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },

    // A multipart upload that never completes leaves no object, only parts; a bucket lifecycle rule
    // (AbortIncompleteMultipartUpload) reclaims those (docs/architecture.md).
    removeInterruptedUploads: async () => 0,

    async delete(key) {
      // S3 answers 204 whether or not the key existed.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list(prefix) {
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const item of page.Contents ?? []) {
          if (item.Key === undefined) continue;
          yield { key: item.Key, lastModified: item.LastModified ?? new Date(0) };
        }
      }
    },
  };
}

function isMissingKey(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A missing bucket is a configuration problem, not a missing file.
  if (error.name === "NoSuchBucket") return false;
  return error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404;
}

/** The endpoint without any user:password part. */
function safeUrl(endpoint: string): string {
  const url = new URL(endpoint);
  url.username = "";
  url.password = "";
  url.search = "";
  return url.toString().replace(/\/$/, "");
}
