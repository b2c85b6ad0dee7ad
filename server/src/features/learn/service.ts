import type { FastifyRequest } from 'fastify';
import {
  LEARN_MESSAGES,
  type ComponentType,
  type LearnerComponent,
  type LearnerSection,
  type MemberProgram,
  type ServedRichText,
  type Syllabus,
} from '@app/contract';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/database.js';
import { renderRichText } from '../../services/rich-text/index.js';
import {
  isAiComponent,
  isRequired,
  programProgress,
  programsProgress,
} from '../../services/learning-progress/index.js';
import * as repo from './repo.js';
import { iso } from '../../db/iso.js';

// What the learner calls share: the program and its components with the account's progress, and their
// learner shapes. Handlers (routes.ts) read through `learnerContext` and answer with these views.

export const notFound = (message: string = LEARN_MESSAGES.notFound) => new AppError(404, message);

export type LearnerContext = { db: Db; accountId: number; program: repo.LearnProgram; components: repo.ComponentRow[] };

/** The program a signed-in member asked for (404 when they may not see it) and its components. */
export async function learnerContext(request: FastifyRequest, programSlug: string): Promise<LearnerContext> {
  const db = request.server.db;
  const accountId = request.account!.id;
  const program = await repo.programForMember(db, accountId, programSlug);
  if (!program) throw notFound(LEARN_MESSAGES.programNotFound);
  return { db, accountId, program, components: await repo.componentsWithProgress(db, accountId, program.id) };
}

/** Reloads the components after a post, so answers show the new progress. */
export async function refreshed(ctx: LearnerContext): Promise<LearnerContext> {
  return { ...ctx, components: await repo.componentsWithProgress(ctx.db, ctx.accountId, ctx.program.id) };
}

/** A component by slug among the given types; 404 otherwise (a quiz read as a survey is not found). */
export function componentOf(ctx: LearnerContext, slug: string, types: readonly ComponentType[]): repo.ComponentRow {
  const row = ctx.components.find((c) => c.slug === slug);
  if (!row || !types.includes(row.componentType)) throw notFound();
  return row;
}

export function served(doc: unknown): ServedRichText {
  return { doc: doc as ServedRichText['doc'], html: renderRichText(doc) };
}

export function toLearnerComponent(row: repo.ComponentRow): LearnerComponent {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    componentType: row.componentType,
    sectionSlug: String(row.sectionId),
    index: row.index,
    xp: row.xp,
    learningXps: row.learningXps,
    required: isRequired(row.componentType),
    aiComponent: isAiComponent(row.componentType),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    score: row.score,
    xpAwarded: row.xpAwarded,
  };
}

/** The same component as `row`, read again from a refreshed context. */
export function learnerComponentIn(ctx: LearnerContext, id: number): LearnerComponent {
  return toLearnerComponent(ctx.components.find((c) => c.id === id)!);
}

export async function sections(ctx: LearnerContext): Promise<LearnerSection[]> {
  const rows = await repo.sectionsOf(ctx.db, ctx.program.id);
  return rows.map((s) => ({
    id: s.id,
    slug: String(s.id),
    name: s.name,
    description: s.description,
    index: s.index,
    components: ctx.components.filter((c) => c.sectionId === s.id).map(toLearnerComponent),
  }));
}

export async function memberProgram(ctx: LearnerContext) {
  const { id, slug, name, summary } = ctx.program;
  return { id, slug, name, summary, progress: await programProgress(ctx.db, ctx.accountId, id, ctx.components) };
}

export async function syllabus(ctx: LearnerContext): Promise<Syllabus> {
  return { ...(await memberProgram(ctx)), sections: await sections(ctx) };
}

/** An AI component's chat cannot start without a provider; the rest of the program works without it. */
export function aiNotConfigured(): never {
  throw new AppError(
    409,
    LEARN_MESSAGES.aiNotConfigured,
    'Feedback, chat, goal and task components need an AI provider (AI_API_KEY); the rest of the program works without it.',
  );
}

/** The programs a member sees, each with their progress (the learner view's list, and the member home's). */
export async function memberPrograms(db: Db, accountId: number): Promise<MemberProgram[]> {
  const programs = await repo.programsForMember(db, accountId);
  // Three queries for the whole list: the components of every program, then their progress summaries.
  const rows = await repo.componentsWithProgress(
    db,
    accountId,
    programs.map((p) => p.id),
  );
  const withComponents = programs.map((p) => ({ ...p, components: rows.filter((c) => c.programId === p.id) }));
  const progress = await programsProgress(db, accountId, withComponents);
  return programs.map(({ id, slug, name, summary }) => ({ id, slug, name, summary, progress: progress.get(id)! }));
}
