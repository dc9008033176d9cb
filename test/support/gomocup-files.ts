// Gomocup files as managers write them, for the import tests (server and browser).

/** A Gomocup freestyle game on 20×20 (Piskvorky PSQ: 1-based x,y,time); black wins with five on row 10 at the far edge. */
export const PSQ20 = [
  "Piskvorky 20x20, 11:11, 0",
  "16,10,900",
  "16,11,1203",
  "17,10,700",
  "17,11,812",
  "18,10,650",
  "18,11,99",
  "19,10,1000",
  "1,1,5",
  "20,10,310",
  "pbrain-embryo21_s.exe",
  "pbrain-rapfi21.exe",
  "-1",
  "",
].join("\r\n");
