import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import pg from 'pg';
import { fmt, report, type Bench } from './harness.js';
import { createDb, type Db } from '../../server/src/db/database.js';

/*
 * Imports (`--only imports`): 500,000 accounts from a csv, end to end in a worker process of its own
 * (read twice, checked, staged by COPY, matched and merged per batch of 10,000, with the accounts
 * table's triggers and indexes), against COPY of the same rows into the same table in the same run.
 * Both run in a freshly migrated database of their own (`bench_imports`, dropped at the end), so the
 * shared bench database never carries half a million rows to delete.
 */
const DATABASE = 'bench_imports';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 500_000);
const LEGACY_BASE = 1_500_000_000;
const HEADER = 'Legacy Id,First Name,Last Name,Email,Phone,Member Since,Pledged At,City,State';
const FIRST = ['Avery', 'Jordan', 'Riley', 'Casey', 'Sam', 'Taylor', 'Morgan', 'Quinn'];

async function writeCsv(file: string, run: string) {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${HEADER}\n`);
  for (let i = 0; i < ROWS; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const member = i % 3 === 0 ? '' : `20${20 + (i % 6)}-${month}-15`;
    const phone = i % 10 === 0 ? `(202) 555-${String(1000 + (i % 9000)).padStart(4, '0')}` : '';
    await write(
      `${LEGACY_BASE + i},${FIRST[i % 8]},Imported${i},imp${i}.${run}@bench.example,${phone},${member},20${20 + (i % 6)}-${month}-01,Springfield,IL\n`,
    );
  }
  out.end();
  await once(out, 'finish');
}

async function prepare(db: Db, file: string, run: string) {
  const key = `bench-imports/${run}/${path.basename(file)}`;
  const target = path.join(process.env.DATA_DIR ?? '.data', 'files', key);
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(createReadStream(file), createWriteStream(target));
  const size = (await stat(file)).size;
  const stored = await db
    .insertInto('files')
    .values({
      storageKey: key,
      folder: 'private/imports',
      fileName: path.basename(file),
      contentType: 'text/csv',
      sizeInBytes: size,
      committed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('imports')
    .values({ kind: 'accounts', dryRun: false, fileId: stored.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { importId: id, size };
}

function importInChild(importId: number): Promise<{ ms: number; peakRssMb: number; outcome: string }> {
  const script = fileURLToPath(new URL('./run-import.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, DATABASE, String(importId)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!))
        : reject(new Error(`import child exited ${code}`)),
    );
  });
}

const COPIED = 'legacy_id, first_name, last_name, email, phone, member_at, pledged_at, address, roles, admin, active';
/**
 * The floor: the imported rows (every column the import wrote) copied out, the table emptied (truncate),
 * and the rows loaded back into accounts itself by COPY FROM STDIN, with the same indexes and statement
 * triggers the import met.
 */
async function copyBaseline(client: pg.Client): Promise<number> {
  const chunks: Buffer[] = [];
  await pipeline(
    client.query(
      copyTo(
        `copy (select ${COPIED} from accounts where legacy_id >= ${LEGACY_BASE} order by legacy_id) to stdout with (format csv)`,
      ),
    ),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    },
  );
  await client.query('truncate accounts cascade');
  await client.query('vacuum analyze accounts');
  const started = performance.now();
  await pipeline(
    async function* () {
      yield* chunks;
    },
    client.query(copyFrom(`copy accounts (${COPIED}) from stdin with (format csv)`)),
  );
  return performance.now() - started;
}

export async function benchImports(bench: Bench): Promise<boolean> {
  console.log('\nImports');
  await bench.server.drop(DATABASE);
  const url = await bench.server.ensureMigrated(DATABASE);
  const db = createDb(url, 2);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  try {
    const run = (Date.now() % 46_656).toString(36);
    const file = path.join(dir, 'accounts.csv');
    await writeCsv(file, run);
    const { importId, size } = await prepare(db, file, run);
    const child = await importInChild(importId);
    const done = await db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
    console.log(
      `  accounts csv: ${ROWS.toLocaleString('en-US')} rows, ${(size / 1024 / 1024).toFixed(1)} MB: ${done.status}, ` +
        `${done.countCreated.toLocaleString('en-US')} created, ${done.countRejected} rejected (${child.outcome})`,
    );
    const copyMs = await copyBaseline(client);
    let ok = report(
      '  import end to end',
      `${(child.ms / 1000).toFixed(2)} s`,
      child.ms < 60_000 && done.countCreated === ROWS,
      '< 60 s, every row created',
    );
    report('  COPY of the same rows into accounts', fmt(copyMs), true, 'baseline');
    ok = report('  ratio import / COPY', `${(child.ms / copyMs).toFixed(1)}x`, child.ms <= 3 * copyMs, '<= 3x') && ok;
    ok = report('  peak worker RSS', `${child.peakRssMb.toFixed(0)} MB`, child.peakRssMb < 512, '< 512 MB') && ok;
    return ok;
  } finally {
    await client.end();
    await db.destroy();
    await bench.server.drop(DATABASE);
    await rm(path.join(process.env.DATA_DIR ?? '.data', 'files', 'bench-imports'), { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  }
}
