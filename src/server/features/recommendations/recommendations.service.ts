import type {
  AiHorses,
  RecommendedClass,
  SeasonPlanPage,
  SeasonPlanShow,
  ShowRecommendations,
} from "#domain/contracts/recommendations.ts";
import { ageInYears } from "#domain/people/age.ts";
import { hasRole } from "#domain/people/roles.ts";
import { type ClassRequirements, classRequirements } from "#domain/recommendations/class-requirements.ts";
import { exclusionsOf, shortfallNote } from "#domain/recommendations/recommendation-shortfall.ts";
import {
  assessClass,
  type CandidateClass,
  eligibleClasses,
  type HorseGenderWord,
  type HorseProfile,
  MIN_RECOMMENDATIONS,
  type Recommendation,
  type RiderProfile,
} from "#domain/recommendations/recommendations.ts";
import { assignClassDates, classDater } from "#domain/shows/class-dates.ts";
import { DIVISION_IDS, type DivisionId } from "#domain/shows/divisions.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import type { Db } from "#server/db/client.ts";
import { findHorse, type HorseRow } from "#server/features/horses/horses.service.ts";
import { planConflictTest } from "#server/features/roster/roster.service.ts";
import {
  classesOf,
  decodeCursor,
  encodeCursor,
  findShow,
  listShows,
  type ShowRow,
} from "#server/features/shows/shows.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { AiProviderError } from "#server/platform/ai/ai-error.ts";
import type { AiProvider } from "#server/platform/ai/provider.ts";
import { badGateway, conflict, forbidden, notFound, tooManyRequests } from "#server/platform/errors.ts";
import { canGetRecommendations } from "./recommendations.policy.ts";
import {
  classesNamed,
  classPlaces,
  countUpcomingShows,
  distinctClassNames,
  plannerHorses,
  showClassStats,
} from "./recommendations.repository.ts";

export interface RecommendationDeps {
  db: Db;
  ai: AiProvider;
  /** Where a provider failure's details go (the request log); the client only sees the spec's message. */
  onProviderError: (error: unknown) => void;
}

/** Season-plan shows per page: the rules engine is cheap; every LLM show is a call to the provider. */
export const SEASON_PAGE_SIZE = { rules: 100, llm: 3 } as const;

const t = recommendationsTexts;

/** Requirements depend on the name only; a season repeats a few thousand names, so judge each once. */
const REQUIREMENTS_CACHE_SIZE = 20_000;
const requirementsCache = new Map<string, ClassRequirements>();
function requirementsOf(name: string): ClassRequirements {
  let requirements = requirementsCache.get(name);
  if (!requirements) {
    requirements = classRequirements(name);
    if (requirementsCache.size >= REQUIREMENTS_CACHE_SIZE) {
      const oldest = requirementsCache.keys().next().value;
      if (oldest !== undefined) requirementsCache.delete(oldest);
    }
    requirementsCache.set(name, requirements);
  }
  return requirements;
}

const GENDERS: readonly string[] = ["Stallion", "Mare", "Gelding", "Filly", "Colt"];
const DIVISIONS: ReadonlySet<string> = new Set(DIVISION_IDS);

/** The horse and the viewer as the engine sees them on `day` (ages from the dates of birth). */
function profiles(
  horse: HorseRow,
  viewer: Viewer,
  day: string,
): { horse: HorseProfile; rider: RiderProfile } {
  return {
    horse: {
      name: horse.name,
      age: ageInYears(horse.dateOfBirth, day),
      gender: GENDERS.includes(horse.gender ?? "") ? (horse.gender as HorseGenderWord) : null,
      canters: horse.canters,
      divisions: horse.divisions.filter((d): d is DivisionId => DIVISIONS.has(d)),
      hasTrainer: horse.trainerIds.length > 0,
    },
    rider: {
      age: viewer.dateOfBirth ? ageInYears(viewer.dateOfBirth, day) : null,
      gender: viewer.gender,
      roles: viewer.roles,
      ownsHorse: horse.ownerIds.includes(viewer.id),
    },
  };
}

async function loadPermittedHorse(db: Db, viewer: Viewer, horseId: string): Promise<HorseRow> {
  const horse = await findHorse(db.db, horseId);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  if (!canGetRecommendations(viewer, horse)) throw forbidden(t.notYourHorse);
  return horse;
}

/** The AI planner's horse choices. */
export async function listPlannerHorses(db: Db, viewer: Viewer): Promise<AiHorses> {
  return { horses: await plannerHorses(db.db, viewer.id, hasRole(viewer, "Trainer")) };
}

function withNumbers(
  recs: readonly Recommendation[],
  numbers: ReadonlyMap<string, string>,
): RecommendedClass[] {
  return recs.map((r) => ({ ...r, number: numbers.get(r.classId) ?? "" }));
}

/** Recommendations for one upcoming show. */
export async function getShowRecommendations(
  deps: RecommendationDeps,
  viewer: Viewer,
  input: { showId: string; horseId: string; today: string },
): Promise<ShowRecommendations> {
  const { db, ai } = deps;
  const [show, horse] = await Promise.all([
    findShow(db.db, input.showId),
    loadPermittedHorse(db, viewer, input.horseId),
  ]);
  if (!show) throw notFound(errorsTexts.showNotFound);
  if (show.end_date < input.today) throw conflict(t.pastShow);
  if (!ai.allow(viewer.id, 1)) throw tooManyRequests(t.rateLimited);

  const classes = await classesOf(db.db, show.id);
  const dates = assignClassDates({ startDate: show.start_date, endDate: show.end_date }, classes);
  const candidates = classes.map((c, i) => ({ id: c.id, name: c.name, date: dates[i] ?? show.start_date }));
  const pair = profiles(horse, viewer, show.start_date);
  const planShow = { id: show.id, startDate: show.start_date, endDate: show.end_date };
  const conflicts = await planConflictTest(db, viewer, input.today, [planShow]);
  // Never recommend a class that would create a season conflict (issue 25).
  const eligible = eligibleClasses(candidates, pair.horse, pair.rider, requirementsOf).filter(
    (c) => !conflicts(planShow, c, horse.id),
  );
  let recs: Recommendation[];
  try {
    recs = await ai.recommendClasses({ ...pair, show: showFacts(show), eligible });
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    deps.onProviderError(error);
    throw badGateway(errorsTexts.recommendationsFailed);
  }
  return {
    horse: { id: horse.id, name: horse.name },
    show: { id: show.id, name: show.name },
    source: ai.kind,
    recommendations: withNumbers(recs, new Map(classes.map((c) => [c.id, c.number]))),
    shortfall: shortfallNote({
      ...pair,
      fitting: recs.length,
      exclusions:
        recs.length < MIN_RECOMMENDATIONS
          ? exclusionsOf(candidates, pair.horse, pair.rider, requirementsOf)
          : [],
    }),
  };
}

const showFacts = (show: ShowRow) => ({
  name: show.name,
  startDate: show.start_date,
  endDate: show.end_date,
});

/**
 * One page of the season plan: the next upcoming shows by start date, each with its recommendations.
 * Queries do not grow with the page's class count beyond what the engine keeps: the distinct class names
 * of the page are judged once, and only classes with an eligible name are fetched (with their place in
 * the show, for the class-dates rule). One provider failure marks that show failed; the others go on.
 */
export async function getSeasonPlanPage(
  deps: RecommendationDeps,
  viewer: Viewer,
  input: { horseId: string; cursor: string | undefined; today: string },
): Promise<SeasonPlanPage> {
  const { db, ai } = deps;
  const horse = await loadPermittedHorse(db, viewer, input.horseId);
  const limit = SEASON_PAGE_SIZE[ai.kind];
  const rows = await listShows(
    db.db,
    { judges: [], divisions: [], orgs: [], period: "upcoming", today: input.today },
    { after: input.cursor ? decodeCursor(input.cursor) : null, limit: limit + 1 },
  );
  const page = rows.slice(0, limit);
  if (page.length > 0 && !ai.allow(viewer.id, page.length)) throw tooManyRequests(t.rateLimited);
  const totalShows = input.cursor ? null : await countUpcomingShows(db.db, input.today);

  const pairs = new Map(page.map((show) => [show.id, profiles(horse, viewer, show.start_date)]));
  const planShows = new Map(
    page.map((show) => [show.id, { id: show.id, startDate: show.start_date, endDate: show.end_date }]),
  );
  const [byShow, conflicts] = await Promise.all([
    eligibleClassesByShow(db, page, pairs),
    planConflictTest(db, viewer, input.today, [...planShows.values()]),
  ]);
  const shows = await Promise.all(
    page.map(async (show): Promise<SeasonPlanShow> => {
      const { classes, numbers } = byShow.get(show.id) ?? { classes: [], numbers: new Map<string, string>() };
      const pair = pairs.get(show.id)!;
      const facts = {
        id: show.id,
        name: show.name,
        location: show.location,
        startDate: show.start_date,
        endDate: show.end_date,
      };
      try {
        const planShow = planShows.get(show.id)!;
        const eligible = eligibleClasses(classes, pair.horse, pair.rider, requirementsOf).filter(
          (c) => !conflicts(planShow, c, horse.id),
        );
        const recs = await ai.recommendClasses({ ...pair, show: showFacts(show), eligible });
        return { ...facts, status: "ok", recommendations: withNumbers(recs, numbers) };
      } catch (error) {
        if (!(error instanceof AiProviderError)) throw error;
        deps.onProviderError(error);
        return { ...facts, status: "failed", recommendations: [] };
      }
    }),
  );
  const last = page.at(-1);
  return {
    horse: { id: horse.id, name: horse.name },
    source: ai.kind,
    totalShows,
    shows,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ startDate: last.start_date, id: last.id }) : null,
  };
}

/** The page's classes whose names the pair may enter (for any of the page's ages), dated, by show. */
async function eligibleClassesByShow(
  db: Db,
  page: readonly ShowRow[],
  pairs: ReadonlyMap<string, { horse: HorseProfile; rider: RiderProfile }>,
): Promise<Map<string, { classes: CandidateClass[]; numbers: Map<string, string> }>> {
  const ids = page.map((s) => s.id);
  const distinctPairs = [
    ...new Map([...pairs.values()].map((p) => [`${p.horse.age}|${p.rider.age}`, p])).values(),
  ];
  const [allNames, stats] = await Promise.all([distinctClassNames(db.db, ids), showClassStats(db.db, ids)]);
  const names = allNames.filter((name) => {
    const requirements = requirementsOf(name);
    return distinctPairs.some((p) => assessClass(requirements, p.horse, p.rider).eligible);
  });
  const gapped = [...stats].filter(([, s]) => !s.contiguous).map(([id]) => id);
  const [rows, places] = await Promise.all([classesNamed(db.db, ids, names), classPlaces(db.db, gapped)]);

  const daters = new Map(
    page.map((show) => {
      const s = stats.get(show.id) ?? { count: 0, first: 0, contiguous: true, anyDated: false };
      return [
        show.id,
        { stats: s, dateAt: classDater({ startDate: show.start_date, endDate: show.end_date }, s) },
      ];
    }),
  );
  const result = new Map<string, { classes: CandidateClass[]; numbers: Map<string, string> }>();
  for (const row of rows) {
    const dater = daters.get(row.show_id);
    if (!dater) continue;
    let entry = result.get(row.show_id);
    if (!entry) {
      entry = { classes: [], numbers: new Map() };
      result.set(row.show_id, entry);
    }
    const index = dater.stats.contiguous
      ? Number(row.position) - dater.stats.first
      : (places.get(`${row.show_id}\u0000${row.id}`) ?? 0);
    entry.classes.push({ id: row.id, name: row.name, date: dater.dateAt(index, row.date) });
    entry.numbers.set(row.id, row.number);
  }
  return result;
}
