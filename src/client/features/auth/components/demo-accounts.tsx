import { useConfig } from "#client/features/auth/api/get-config.ts";
import { authTexts } from "#domain/texts/auth.ts";

/** Demo mode lists the sample credentials, as the spec's sign-in screen does. */
export function DemoAccounts({ onPick }: { onPick: (email: string) => void }) {
  const config = useConfig();
  if (!config.data?.demo || !config.data.demoPassword) return null;
  return (
    <section
      aria-labelledby="demo-accounts"
      className="mt-6 w-full max-w-sm rounded-2xl bg-white/10 p-4 text-sm text-brand-50"
    >
      <h2 id="demo-accounts" className="font-semibold text-white">
        {authTexts.demoAccounts}
      </h2>
      <p className="mt-1 text-brand-100">{authTexts.demoPassword(config.data.demoPassword)}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {config.data.demoAccounts.map((a) => (
          <li key={a.email}>
            <button
              type="button"
              onClick={() => onPick(a.email)}
              className="flex min-h-10 w-full items-center justify-between gap-2 rounded-lg px-2 text-left hover:bg-white/10"
            >
              <span className="font-mono text-white">{a.email}</span>
              <span className="text-xs text-brand-100">{a.roles.join(" + ")}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
