import { fuzzRoutes } from './fuzz-routes';

// Part 2 of the route fuzz (tests/server/fuzz-routes.ts).
fuzzRoutes(2);
