// Types for the glicko2 package (it ships none): the part of its API lib/server/ratings/glicko uses.
declare module "glicko2" {
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }
  export class Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    /** outcome: 1 the first wins, 0.5 a draw, 0 the second wins. */
    updateRatings(matches: Array<[Player, Player, number]>): void;
  }
}
