import { zodResolver } from "@hookform/resolvers/zod";

/** react-hook-form's zod resolver (zod itself is set up for the browser in zod-browser.ts). Forms import it from here. */
export { zodResolver };
