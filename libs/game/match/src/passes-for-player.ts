/**
 * Why a CPU seat's `name` (at `field`) is refused: it reads as the account `player` (libs/server/auth decides
 * which names read alike: ADR 0070).
 */
export function passesForPlayer(field: string, name: string, player: string): string {
  return `${field}: ${name} reads as the player ${player}; a CPU seat may not go by a player's name`;
}
