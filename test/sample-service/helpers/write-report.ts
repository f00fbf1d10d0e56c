// One sign's report of one period, as the sample service writes it (src/sample-service/report-writer.ts).
import { reportWriter, type SampleReportKind } from '../../../src/sample-service/report-writer.ts';

type Period = Parameters<typeof reportWriter>[1];
type Language = Parameters<typeof reportWriter>[2];

export function writeReport(kind: SampleReportKind, period: Period, signId: number, language: Language = 'en') {
  return reportWriter(kind, period, language)(signId);
}
