import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { keepTypedEarly } from "#client/ui/typed-early.ts";

/** A search field that hands its text on once typing pauses, so each keystroke is not a request. */
export function SearchBox({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), 250);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
      />
      <input
        id={id}
        type="search"
        ref={keepTypedEarly(text, setText)}
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-9 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}
