import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { HttpResponse } from '../platform/http/http-types.js';
import { PIPELINE_CSV_COLUMNS, pipelineCsvRows } from '../../../machines/pipeline.js';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { toCsv } from '../platform/http/csv.js';
import { dataSchema } from '../platform/http/envelope.docs.js';
import { ok } from '../platform/http/envelope.js';
import { API } from '../platform/http/request-metadata.js';
import { PipelineDoc, PipelineQuery } from './pipeline.dto.js';
import { PipelineService } from './pipeline.service.js';

/** The Pipeline page: clients per status, flows per week, durations and documents, for staff. */
@Controller(`${API.core}/pipeline`)
@Roles(...STAFF_ROLES)
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @Get('/')
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({
    description:
      "The brokerage's pipeline, or one broker's (a broker always gets their own); with `format=csv` every figure as a row.",
    content: {
      'application/json': { schema: dataSchema(PipelineDoc) },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiExtraModels(PipelineDoc)
  async figures(
    @Query() query: PipelineQuery,
    @CurrentUser() caller: Caller,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<unknown> {
    const figures = await this.pipeline.figures(caller, query.broker || undefined);
    if (query.format === 'csv') {
      response.header('Content-Type', 'text/csv; charset=utf-8');
      response.header(
        'Content-Disposition',
        `attachment; filename="pipeline-${figures.generated_at.slice(0, 10)}.csv"`,
      );
      return toCsv([...PIPELINE_CSV_COLUMNS], pipelineCsvRows(figures));
    }
    return ok(figures);
  }
}
