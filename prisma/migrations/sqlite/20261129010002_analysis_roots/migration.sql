-- The analysis keeps every candidate's score of each ply (the heatmap of analysed games): JSON [{x,y,score}].
ALTER TABLE "MoveAnalysis" ADD COLUMN "roots" TEXT;
