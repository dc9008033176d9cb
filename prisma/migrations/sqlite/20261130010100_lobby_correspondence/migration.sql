-- AlterTable: an open challenge may be a correspondence one (days per move instead of a clock)
ALTER TABLE "Challenge" ADD COLUMN "corrDays" INTEGER;
