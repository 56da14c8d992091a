import { fuzzRoutes } from './fuzz-routes';

// Part 3 of the route fuzz (tests/server/fuzz-routes.ts).
fuzzRoutes(3);
