import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "#client/lib/when-idle.ts";
import { Field } from "#client/ui/field.tsx";
import { Choice, ChoiceGroup, SelectField } from "#client/ui/form-controls.tsx";

/** The attributes of the first element named `tag` in `html`. */
const attrs = (html: string, tag: string) => {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  return Object.fromEntries([...(match?.[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
};

describe("FormField: label, control, hint and error as one", () => {
  it("ties the label to the control, and the hint and error to it in that order", () => {
    const html = renderToStaticMarkup(
      <Field id="dob" label="Date of Birth" hint="As on the papers" error="Required." />,
    );
    expect(attrs(html, "label").for).toBe("dob");
    const input = attrs(html, "input");
    expect(input.id).toBe("dob");
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe("dob-hint dob-error");
    expect(html).toContain('<p id="dob-hint" class="text-xs text-stone-600">As on the papers</p>');
    expect(html).toContain('<p id="dob-error" class="text-xs text-red-700">Required.</p>');
  });

  it("without hint or error the control is described by nothing and is not invalid", () => {
    const input = attrs(renderToStaticMarkup(<Field id="n" label="Name" />), "input");
    expect(input["aria-describedby"]).toBeUndefined();
    expect(input["aria-invalid"]).toBeUndefined();
  });

  it("a select is the same frame, with its blank choice first", () => {
    const html = renderToStaticMarkup(
      <SelectField id="g" label="Gender" blank="Not set" options={["Mare", "Gelding"]} error="Pick one." />,
    );
    expect(attrs(html, "select")["aria-describedby"]).toBe("g-error");
    expect(html).toMatch(/<option value="">Not set<\/option><option value="Mare">Mare<\/option>/);
  });

  it("a select's choices may be values shown by other words", () => {
    const html = renderToStaticMarkup(
      <SelectField
        label="Horse"
        options={[
          { value: "h1", label: "Midnight Sun" },
          { value: "h2", label: "Gen's Pride", key: "k2" },
        ]}
      />,
    );
    expect(html).toContain(
      '<option value="h1">Midnight Sun</option><option value="h2">Gen&#x27;s Pride</option>',
    );
  });

  it("a group of choices is a fieldset whose hint and error describe it", () => {
    const html = renderToStaticMarkup(
      <ChoiceGroup legend="Roles" hint="At least one" error="Choose at least one role.">
        <Choice value="Owner" label="Owner" />
      </ChoiceGroup>,
    );
    const describedBy = attrs(html, "fieldset")["aria-describedby"]!.split(" ");
    expect(describedBy).toHaveLength(2);
    for (const id of describedBy) expect(html).toContain(`id="${id}"`);
    expect(html).toContain("<legend");
    expect(attrs(html, "input").type).toBe("checkbox");
  });
});

describe("whenIdle", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("uses the browser's idle callback with the timeout, and can be called off", () => {
    const request = vi.fn((_cb: () => void, _options: { timeout: number }) => 7);
    const cancel = vi.fn();
    vi.stubGlobal("requestIdleCallback", request);
    vi.stubGlobal("cancelIdleCallback", cancel);
    const done = vi.fn();
    const stop = whenIdle(done, 200);
    expect(request.mock.calls[0]![1]).toEqual({ timeout: 200 });
    request.mock.calls[0]![0]();
    expect(done).toHaveBeenCalledOnce();
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it("falls back to the next task without it", () => {
    vi.useFakeTimers();
    const done = vi.fn();
    whenIdle(done, 500);
    expect(done).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(done).toHaveBeenCalledOnce();
    const stopped = vi.fn();
    whenIdle(stopped, 500)();
    vi.runAllTimers();
    expect(stopped).not.toHaveBeenCalled();
  });
});
