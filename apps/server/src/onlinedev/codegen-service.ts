import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, notFound } from '../core/errors';
import { codegenSpec } from './codegen';
import { type Codegen, codegenPatch, MODULES_FILE, type RepoSource } from './codegen-patch';
import type { DataModelContext } from './data-model-service';
import { currentModelOf } from './data-model-service';
import { getDesign, getDesignVersion } from './design-service';

/**
 * The repository the server runs from: the nearest folder above this module that holds the
 * generated modules' list (the source tree in development and tests; a server run from its bundle
 * alone has none, and code generation then answers 409 `codegen.noSource`).
 */
function repositoryRoot(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, MODULES_FILE))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

/** `biome check --write` of one file's text in the repository (its config, its import order). */
function biomeFormat(root: string, file: string, content: string): Promise<string> {
  const biome = path.join(root, 'node_modules/.bin/biome');
  if (!existsSync(biome))
    return Promise.reject(new AppError(409, 'codegen.noSource', { file: 'node_modules/.bin/biome' }));
  return new Promise((resolve, reject) => {
    const child = spawn(biome, ['check', '--write', `--stdin-file-path=${file}`], { cwd: root });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`biome check of ${file} failed: ${err || out}`)),
    );
    child.stdin.end(content);
  });
}

/** The repository's files as they are now, or nothing when there is no source. */
export function repositorySource(root = repositoryRoot()): RepoSource {
  const inside = (file: string) => (root ? path.join(root, ...file.split('/')) : null);
  return {
    format: (file, content) =>
      root
        ? biomeFormat(root, file, content)
        : Promise.reject(new AppError(409, 'codegen.noSource', { file })),
    read: (file) => {
      const full = inside(file);
      return full && existsSync(full) ? readFileSync(full, 'utf8') : null;
    },
    list: (dir) => {
      const full = inside(dir);
      return full && existsSync(full) ? readdirSync(full) : null;
    },
  };
}

/**
 * The patch of the design's current published version (400 while it has none; another tenant's
 * design 404, as a missing one), made against the repository as it is now.
 */
export async function designCodegen(
  ctx: DataModelContext,
  id: string,
  repo: RepoSource = repositorySource(),
): Promise<Codegen> {
  const design = await getDesign(ctx, id);
  if (design.publishedVersion === 0) throw new AppError(400, 'codegen.unpublished');
  const version = await getDesignVersion(ctx, id, design.publishedVersion);
  const model = await currentModelOf(ctx.db, ctx.tenantId, design.modelId);
  if (!model) throw notFound();
  const spec = codegenSpec({
    designId: design.id,
    version: version.version,
    designNames: design.names,
    content: version.content,
    model: model.definition,
    modelVersion: model.version,
  });
  if (!spec.fields.length) throw new AppError(400, 'codegen.noFields');
  return codegenPatch(spec, repo);
}
