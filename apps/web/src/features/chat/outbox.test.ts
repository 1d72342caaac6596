import { describe, expect, it } from "vitest";
import { createOutbox, withUnsent } from "./outbox";

/** A send whose answers the test gives by hand, in order. */
function manualSend() {
  const started: string[] = [];
  const answers: ((sent: boolean) => void)[] = [];
  const send = (content: string) =>
    new Promise<boolean>((resolve) => {
      started.push(content);
      answers.push(resolve);
    });
  const answer = async (sent: boolean) => {
    answers.shift()?.(sent);
    // Let the outbox see the answer and start the next text.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { send, started, answer };
}

/** An outbox over a hand-answered send, with what it gave back. */
function manualOutbox() {
  const { send, started, answer } = manualSend();
  const unsent: string[][] = [];
  const outbox = createOutbox({ send, onUnsent: (texts) => unsent.push(texts) });
  return { outbox, started, answer, unsent };
}

describe("the message box's outbox", () => {
  it("takes a text while the one before it is on its way, and sends it after that one's answer", async () => {
    const { outbox, started, answer, unsent } = manualOutbox();

    outbox.push("first");
    outbox.push("second");
    expect(started).toEqual(["first"]);
    await answer(true);
    expect(started).toEqual(["first", "second"]);
    await answer(true);
    outbox.push("third");
    expect(started).toEqual(["first", "second", "third"]);
    await answer(true);
    expect(unsent).toEqual([]);
  });

  it("gives back a refused text and the ones queued behind it, in order, without sending them", async () => {
    const { outbox, started, answer, unsent } = manualOutbox();

    outbox.push("one");
    outbox.push("two");
    outbox.push("three");
    await answer(false);
    expect(started).toEqual(["one"]);
    expect(unsent).toEqual([["one", "two", "three"]]);

    // The box works again afterwards.
    outbox.push("four");
    expect(started).toEqual(["one", "four"]);
    await answer(true);
    expect(unsent).toHaveLength(1);
  });

  it("counts a send that throws as not sent", async () => {
    const unsent: string[][] = [];
    let settled = 0;
    const outbox = createOutbox({
      send: () => Promise.reject(new Error("offline")),
      onUnsent: (texts) => unsent.push(texts),
      onSettled: () => settled++,
    });
    outbox.push("hello");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unsent).toEqual([["hello"]]);
    expect(settled).toBe(1);
  });

  it("puts the unsent texts back before what was typed since, one per line", () => {
    expect(withUnsent(["one", "two"], "")).toBe("one\ntwo");
    expect(withUnsent(["one"], "typed since")).toBe("one\ntyped since");
    expect(withUnsent(["one"], "  ")).toBe("one");
  });
});
