/** The dispatch solver: auto-assign, suggestions and late flags. Pure: no React, no supabase. */
export { solve } from './solver';
export { rankDrivers, FIT_WEIGHT_KM, LOAD_WEIGHT_KM, type RankedDriver } from './rank';
export { isLate, lateness, type LateCheckDelivery, type LateCheckEta } from './late';
export { fitProblems, isEligible, type FitProblem, type FitRule } from './eligibility';
export { assertValidProblem, InvalidProblemError, problemErrors, problemFaults, type ProblemFault } from './validate';
export { deliveryFromRow, driverFromRows, vehicleFromRow, type DeliveryRow, type DriverRow, type VehicleRow } from './rows';
export { generateSanFranciscoProblem, seededRandom } from './generate';
export { DEFAULT_SERVICE_MINUTES, DEFAULT_SPEED_KMH } from './model';
export type * from './types';
