// A module of its own, imported first by main.tsx, so that its effect runs before the router's.
import { startStartupEarly } from './startEarly';

startStartupEarly();
