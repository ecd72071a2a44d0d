import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertKey, type FileStore, type StoredFile } from './file-store';

/** The file store in an S3-compatible bucket (AWS, MinIO, Ceph …) through the AWS SDK. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  /**
   * `spoolDir`: where uploads are received before they go to the bucket (S3 needs an object's
   * length before its first byte, and a received file has one; `DATA_DIR/incoming` in the server).
   */
  constructor(
    private readonly config: S3Config,
    readonly spoolDir: string = path.join(os.tmpdir(), 'srm-incoming'),
  ) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // A streamed body goes as it is, with its length: no `aws-chunked` framing with a checksum
      // trailer, which S3-compatible servers that do not know it would store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  private key(key: string): string {
    return `${this.config.prefix}${assertKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    const body = createReadStream(file);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(key),
          Body: body,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      body.destroy();
      await rm(file, { force: true });
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }),
      );
      if (!out.Body) return null;
      return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    const start = `${this.config.prefix}${assertKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: start, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key)
          out.push({ key: item.Key.slice(this.config.prefix.length), size: Number(item.Size ?? 0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
