import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

// zod probes whether it may compile validators with `new Function`; the page's CSP forbids eval, so the
// probe shows as a CSP violation in the browser (a Lighthouse best-practices failure). Forms do not
// need the compiled validators.
z.config({ jitless: true });

/** react-hook-form's zod resolver, with zod set up for the browser. Forms import it from here. */
export { zodResolver };
