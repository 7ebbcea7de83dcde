import { describe, expect, it } from "vitest";
import { showDayTexts } from "#domain/texts/show-day.ts";
import { showDayWorld } from "#tests/support/show-day-world.ts";

/**
 * Finish session can be undone (issue 34, ADR 033): a Finish with classes not run says what becomes of
 * them (scratched, or moved to the next session in the ring), and one Undo takes it back — the moved
 * classes return to their session. Runs on both engines (RINGSIDE_TEST_DB=postgres).
 */
const { t, admin, steward, owner, stranger, show, act, day, call_ } = showDayWorld();
const r = showDayTexts.refusals;

const sessionClasses = async (sessionId: string) =>
  (await day(admin)).sessions.find((s) => s.id === sessionId)?.classIds ?? [];
const classRows = (ids: string[]) =>
  t.app.deps.db.db
    .selectFrom("show_class")
    .select(["id", "session_id"])
    .where("show_id", "=", show.show.id)
    .where("id", "in", ids)
    .orderBy("id")
    .execute();

describe("finishing a session with classes not run", () => {
  it("refuses people who are not stewards, changing nothing", async () => {
    expect((await act(steward, { kind: "start-session", sessionId: show.evening })).statusCode).toBe(200);
    expect((await act(steward, call_(1, null))).statusCode).toBe(200);
    for (const who of [owner, stranger]) {
      const res = await act(who, { kind: "finish-session", sessionId: show.evening, unrun: "scratch" });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(r.notSteward);
    }
    const foreign = await act(steward, { kind: "finish-session", sessionId: show.evening, unrun: "later" });
    expect(foreign.statusCode).toBe(400);
  });

  it("asks what becomes of them: a Finish without the choice is refused with the ring as it is", async () => {
    const res = await act(steward, { kind: "finish-session", sessionId: show.evening });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(r.unrunChoice(7));
    expect(res.json().day.ring.sessions.find((s: { id: string }) => s.id === show.evening).status).toBe(
      "running",
    );
  });

  it("moves them to the next session, and one Undo puts exactly those back", async () => {
    const before = await sessionClasses(show.late);
    const finished = await act(steward, { kind: "finish-session", sessionId: show.evening, unrun: "move" });
    expect(finished.statusCode, finished.body).toBe(200);
    const moved = ["class-2", "class-3", "class-4", "class-5", "class-6", "class-7", "class-8"];
    // They run first in the next session, before its own classes.
    expect(await sessionClasses(show.late)).toEqual([...moved, ...before]);
    expect(await sessionClasses(show.evening)).toEqual(["class-1"]);
    expect((await classRows(moved)).every((c) => c.session_id === show.late)).toBe(true);
    const answer = finished.json();
    expect(answer.ring.classes.find((c: { id: string }) => c.id === "class-1").status).toBe("done");

    const undo = await act(admin, { kind: "undo", undoSeq: answer.ring.lastEffectiveSeq });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await sessionClasses(show.late)).toEqual(before);
    expect(await sessionClasses(show.evening)).toHaveLength(8);
    expect((await classRows(moved)).every((c) => c.session_id === show.evening)).toBe(true);
    const ring = (await day(owner)).ring;
    expect(ring.sessions.find((s) => s.id === show.evening)?.status).toBe("running");
    expect(ring.classes.find((c) => c.id === "class-1")?.status).toBe("in-ring");
  });

  it("refuses a stale Undo: a second steward's tap on the same Finish, or one after the ring moved on", async () => {
    const finished = await act(steward, {
      kind: "finish-session",
      sessionId: show.evening,
      unrun: "scratch",
    });
    expect(finished.statusCode).toBe(200);
    const seq = finished.json().ring.lastEffectiveSeq as number;
    const scratched = finished
      .json()
      .ring.classes.filter((c: { status: string }) => c.status === "scratched");
    expect(scratched.map((c: { reason: string }) => c.reason)).toEqual(Array(7).fill(r.notRun));
    expect((await act(admin, { kind: "undo", undoSeq: seq })).statusCode).toBe(200);
    const second = await act(steward, { kind: "undo", undoSeq: seq });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(r.undoStale("Class 1 in the ring"));

    const again = await act(steward, { kind: "finish-session", sessionId: show.evening, unrun: "scratch" });
    const again_seq = again.json().ring.lastEffectiveSeq as number;
    expect((await act(admin, { kind: "start-session", sessionId: show.late })).statusCode).toBe(200);
    const late = await act(steward, { kind: "undo", undoSeq: again_seq });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(r.undoStale("Late started"));
    const ring = (await day(owner)).ring;
    expect(ring.classes.find((c) => c.id === "class-5")).toMatchObject({
      status: "scratched",
      reason: r.notRun,
    });
  });

  it("refuses to move classes when no later session in the ring is left", async () => {
    const res = await act(steward, { kind: "finish-session", sessionId: show.late, unrun: "move" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(r.noNextSession);
  });
});
