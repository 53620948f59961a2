// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NO_ANSWER } from "./inputs";
import { SERVER_FAILURE_TEXTS, useMutationFailure } from "./useMutationFailure";

afterEach(cleanup);

type Answer = { __typename: "MutationSaveSuccess"; id: string } | { __typename: "DomainError"; message: string };

const refusal = (message: string): Answer => ({ __typename: "DomainError", message });
const saved: Answer = { __typename: "MutationSaveSuccess", id: "s1" };

function render() {
  return renderHook(() => useMutationFailure(SERVER_FAILURE_TEXTS));
}

/** What the screen shows after `send` answers (no success handler needed). */
async function failureAfter(hook: ReturnType<typeof render>, send: () => Promise<Answer | undefined>) {
  await act(() => hook.result.current.attempt(send, () => {}));
  return hook.result.current.failure;
}

describe("useMutationFailure with the server's words", () => {
  it("keeps a refusal's message, NO_ANSWER for no answer, and a thrown error's message", async () => {
    const hook = render();
    expect(await failureAfter(hook, async () => refusal("That name is taken."))).toBe("That name is taken.");
    expect(await failureAfter(hook, async () => undefined)).toBe(NO_ANSWER);
    expect(await failureAfter(hook, () => Promise.reject(new Error("Failed to fetch")))).toBe("Failed to fetch");
  });

  it("clears the last failure, waits for an asynchronous success handler, and keeps what it throws", async () => {
    const hook = render();
    const { result } = hook;
    expect(await failureAfter(hook, async () => refusal("Refused."))).toBe("Refused.");
    const handled: string[] = [];
    await act(() =>
      result.current.attempt(
        async () => saved,
        async (success) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          handled.push(success.id);
        },
      ),
    );
    // attempt resolved only after the handler's await: the id is there, and no failure is left.
    expect(handled).toEqual(["s1"]);
    expect(result.current.failure).toBeNull();

    await act(() =>
      result.current.attempt(
        async () => saved,
        async () => {
          throw new Error("The list could not be read again.");
        },
      ),
    );
    expect(result.current.failure).toBe("The list could not be read again.");
  });
});
