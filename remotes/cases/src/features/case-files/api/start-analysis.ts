import {
  request,
  StartCaseFileAnalysis,
  type CaseFileAnalysis,
  type StartCaseFileAnalysisBody,
} from '@flotilla/shared';

/** Queues the analysis of a file by a robot (a task). */
export function startAnalysis(body: StartCaseFileAnalysisBody): Promise<CaseFileAnalysis> {
  return request(StartCaseFileAnalysis, { body, inline: true });
}
