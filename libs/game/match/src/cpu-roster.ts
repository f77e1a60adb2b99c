import type { SeatPlan } from './events';

/**
 * The names CPU seats go by when their table gave them none (ADR 0075): people who worked out the odds of dice,
 * in this order. Never reorder or remove one: the lobby fold gives them out by position, so a recorded match
 * would change names. Each has a space, which no account name may hold, so a list that shows names bare never
 * shows a CPU under a player's name (ADR 0070). Twelve: six seats, five of them given names that take a roster
 * name, still leave one for the sixth.
 */
export const CPU_ROSTER = [
  'B. Pascal',
  'P. Fermat',
  'G. Cardano',
  'C. Huygens',
  'J. Bernoulli',
  'A. de Moivre',
  'T. Bayes',
  'P. Laplace',
  'S. Poisson',
  'A. Markov',
  'P. Chebyshev',
  'A. Kolmogorov',
] as const;

const key = (name: string): string => name.trim().toLowerCase();

/**
 * Each seat's name, in seat order: the name its host gave it, else a roster name no seat of the table holds.
 * Unnamed CPU seats take theirs first, in seat order, so the first CPU of a table is "B. Pascal"; then human seats
 * get one each, which shows only if a CPU takes the seat over. A pure function of the seat plans, so
 * every view, list and replay of a table, recorded before this rule or after, names its CPUs alike.
 */
export function seatNames(plans: readonly SeatPlan[]): string[] {
  const taken = new Set(plans.flatMap((plan) => (plan.name ? [key(plan.name)] : [])));
  const free = CPU_ROSTER.filter((name) => !taken.has(key(name)));
  const unnamed = (kind: SeatPlan['kind']) =>
    plans.flatMap((plan, i) => (plan.kind === kind && !plan.name ? [i] : []));
  const order = [...unnamed('cpu'), ...unnamed('human')];
  // The last fallback is for the type checker: twelve roster names always cover six seats.
  return plans.map((plan, i) => plan.name ?? free[order.indexOf(i)] ?? `CPU ${i + 1}`);
}
