import { sql } from 'kysely';
import { AI_TYPES, type ComponentType, type ProgramProgress } from '@app/contract';
import type { Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import type { AppJobs } from '../../db/job-queue.js';

// A learner's progress through a program (spec 03 §4 "Learner program flow"): answers, completion, XP and the
// finish rule. Every write is an upsert on the unique keys of migration 0023, so repeating a post, or two of
// them at once, changes nothing the second time and awards XP once.

/**
 * Which components count for finishing a program: every component except the AI ones (feedback, chat, goal,
 * task: they need the AI chat adapter, which may not be configured) and calendar events (attendance is
 * not recorded; a calendar event's async fallback is itself a component and is required like any other).
 */
export function isRequired(componentType: ComponentType): boolean {
  return !AI_TYPES.includes(componentType) && componentType !== 'calendar event';
}

export const isAiComponent = (componentType: ComponentType) => AI_TYPES.includes(componentType);

/** Starts a program for an account (again: nothing changes). */
export async function startProgram(db: Db, accountId: number, programId: number): Promise<void> {
  await db
    .insertInto('learningProgramProgress')
    .values({ accountId, programId })
    .onConflict((oc) => oc.columns(['accountId', 'programId']).doNothing())
    .execute();
}

/**
 * Merges answers into a component's progress (top-level keys replace, others stay) and starts the component
 * and its program. The merge happens in the row update, so concurrent posts of different questions both stay.
 * Answers the merged answers.
 */
export async function recordAnswers(
  db: Db,
  accountId: number,
  component: { id: number; programId: number },
  answers: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  await startProgram(db, accountId, component.programId);
  const json = JSON.stringify(answers);
  const row = await db
    .insertInto('learningComponentProgress')
    .values({ accountId, componentId: component.id, answers: json })
    .onConflict((oc) =>
      oc.columns(['accountId', 'componentId']).doUpdateSet({
        answers: sql`learning_component_progress.answers || excluded.answers`,
        updatedAt: sql`now()`,
      }),
    )
    .returning('answers')
    .executeTakeFirstOrThrow();
  return row.answers;
}

/** The answers an account stored for a component ({} when none). */
export async function answersOf(db: Db, accountId: number, componentId: number): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('learningComponentProgress')
    .select('answers')
    .where('accountId', '=', accountId)
    .where('componentId', '=', componentId)
    .executeTakeFirst();
  return row?.answers ?? {};
}

export async function setScore(db: Db, accountId: number, componentId: number, score: number | null): Promise<void> {
  await db
    .updateTable('learningComponentProgress')
    .set({ score })
    .where('accountId', '=', accountId)
    .where('componentId', '=', componentId)
    .execute();
}

/**
 * Completes a component and awards its XP once: `xpAwarded` is set by the one update that finds the row not
 * completed yet (a concurrent second one waits on the row lock and then finds it completed), and one award
 * row per learning XP kind goes in with `on conflict do nothing`. The component's `xp` counts once in the
 * program total and once under each kind it is tagged with. Answers whether this call completed it.
 */
export async function completeComponent(
  db: Db,
  accountId: number,
  component: { id: number; programId: number; xp: number },
): Promise<boolean> {
  await startProgram(db, accountId, component.programId);
  await db
    .insertInto('learningComponentProgress')
    .values({ accountId, componentId: component.id })
    .onConflict((oc) => oc.columns(['accountId', 'componentId']).doNothing())
    .execute();
  const completed = await db
    .updateTable('learningComponentProgress')
    .set({ completedAt: sql`now()`, xpAwarded: component.xp, updatedAt: sql`now()` })
    .where('accountId', '=', accountId)
    .where('componentId', '=', component.id)
    .where('completedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (component.xp > 0) {
    await sql`
      insert into learning_xp_awards (account_id, component_id, learning_xp_id, xp)
      select ${accountId}, x.program_component_id, x.learning_xp_id, ${component.xp}
      from program_component_xps x where x.program_component_id = ${component.id}
      on conflict (account_id, component_id, learning_xp_id) do nothing`.execute(db);
  }
  return completed !== undefined;
}

/** What the progress summary reads of each component. */
export type ComponentState = {
  slug: string;
  componentType: ComponentType;
  completedAt: Date | string | null;
  xpAwarded: number;
};

/** The required components not completed yet, by slug. */
export function missingRequired(components: readonly ComponentState[]): string[] {
  return components.filter((c) => isRequired(c.componentType) && !c.completedAt).map((c) => c.slug);
}

/**
 * The progress summary of several programs for one account, in two queries whatever their number (the
 * member's program list): each program's start and finish, and the XP awarded per kind.
 */
export async function programsProgress(
  db: Db,
  accountId: number,
  programs: ReadonlyArray<{ id: number; components: readonly ComponentState[] }>,
): Promise<Map<number, ProgramProgress>> {
  const ids = programs.map((p) => p.id);
  if (!ids.length) return new Map();
  const [rows, kinds] = await Promise.all([
    db
      .selectFrom('learningProgramProgress')
      .select(['programId', 'startedAt', 'finishedAt'])
      .where('accountId', '=', accountId)
      .where('programId', 'in', ids)
      .execute(),
    db
      .selectFrom('learningXpAwards as a')
      .innerJoin('programComponents as pc', 'pc.id', 'a.componentId')
      .innerJoin('learningXps as x', 'x.id', 'a.learningXpId')
      .select(['pc.programId', 'x.id as learningXpId', 'x.name', sql<number>`sum(a.xp)::int`.as('xp')])
      .where('a.accountId', '=', accountId)
      .where('pc.programId', 'in', ids)
      .groupBy(['pc.programId', 'x.id', 'x.name'])
      .orderBy('x.id')
      .execute(),
  ]);
  return new Map(
    programs.map(({ id, components }) => {
      const program = rows.find((r) => r.programId === id);
      const required = components.filter((c) => isRequired(c.componentType));
      const done = required.filter((c) => c.completedAt).length;
      const progress: ProgramProgress = {
        startedAt: iso(program?.startedAt),
        finishedAt: iso(program?.finishedAt),
        requiredCount: required.length,
        completedRequiredCount: done,
        percent: required.length ? Math.floor((done * 100) / required.length) : 100,
        xpEarned: components.reduce((sum, c) => sum + c.xpAwarded, 0),
        xpByKind: kinds
          .filter((k) => k.programId === id)
          .map(({ learningXpId, name, xp }) => ({ learningXpId, name, xp })),
      };
      return [id, progress];
    }),
  );
}

/** A program's progress for one account: required components done, XP total and per kind. */
export async function programProgress(
  db: Db,
  accountId: number,
  programId: number,
  components: readonly ComponentState[],
): Promise<ProgramProgress> {
  return (await programsProgress(db, accountId, [{ id: programId, components }])).get(programId)!;
}

/**
 * Finishes a program when nothing required is missing (a second finish keeps the first time). The first finish
 * (progress reaching 100%) queues the program's Open Badge in the same transaction (issue 38 §4: jobs/issue-badges).
 */
export async function finishProgram(
  db: Db,
  jobs: AppJobs,
  accountId: number,
  programId: number,
  components: readonly ComponentState[],
): Promise<{ finishedAt: string | null; missing: string[] }> {
  const missing = missingRequired(components);
  if (missing.length) return { finishedAt: null, missing };
  const row = await db.transaction().execute(async (trx) => {
    const finished = await trx
      .insertInto('learningProgramProgress')
      .values({ accountId, programId, finishedAt: sql`now()` })
      .onConflict((oc) =>
        oc
          .columns(['accountId', 'programId'])
          .doUpdateSet({ finishedAt: sql`coalesce(learning_program_progress.finished_at, now())` }),
      )
      // now() is the transaction's start: equal only when this statement set it.
      .returning(['finishedAt', sql<boolean>`finished_at = now()`.as('justFinished')])
      .executeTakeFirstOrThrow();
    if (finished.justFinished) await jobs.send('issue-badges', { accountId }, { db: trx });
    return finished;
  });
  return { finishedAt: iso(row.finishedAt), missing };
}
