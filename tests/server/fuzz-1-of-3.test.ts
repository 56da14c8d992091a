import { fuzzRoutes } from './fuzz-routes';

// Part 1 of the route fuzz (tests/server/fuzz-routes.ts).
fuzzRoutes(1);
