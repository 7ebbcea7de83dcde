/**
 * The routing primitives screens use. Screens import them from here, never from the router library, so the
 * router behind them can change without touching every screen (ADR 019: wouter, path routes).
 */
export {
  historyIndex,
  Link,
  Navigate,
  NavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "#client/app/path-router.tsx";
