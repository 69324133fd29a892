import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { CreateMeterReadingDto, ListMeterReadingsQueryDto, MeterReadingView, MetersView } from './dto/meter-reading.dto';
import { MetersService } from './meters.service';
import { toMeterReadingView } from './meters.view';

@ApiTags('maintenance')
@Controller('assets')
export class MetersController {
  constructor(private readonly service: MetersService) {}

  /** The asset's odometer and engine hours: from telemetry as it arrives, set by readings. */
  @Get(':id/meters')
  @Authenticated({ permission: Permission.Maintenance })
  @FoundRecord(MetersView, "No such asset for the caller: another client's, outside their trackers, or archived (shape A)")
  meters(@Auth() auth: AuthContext, @Param('id') id: string): Promise<MetersView> {
    return this.service.get(auth, id);
  }

  /** Records a meter reading; the newest reading sets the meters, telemetry adds to it. */
  @Post(':id/meter-readings')
  @Authenticated({ permission: Permission.Maintenance })
  @HttpCode(201)
  @ApiCreatedResponse({ type: MeterReadingView })
  @ApiBadRequestResponse({ description: 'Invalid body, neither meter sent, or readAt in the future (shape A)' })
  @ApiNotFoundResponse({ description: 'No such asset for the caller (shape A)' })
  @ApiConflictResponse({ description: 'Lower than the meter or an earlier reading, without correction: true (shape A)' })
  addReading(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateMeterReadingDto): Promise<MeterReadingView> {
    return this.service.addReading(auth, id, body);
  }

  /** The asset's meter readings, newest first; cursor pages. */
  @Get(':id/meter-readings')
  @Authenticated({ permission: Permission.Maintenance })
  @PagedResponse(MeterReadingView)
  @ApiBadRequestResponse({ description: 'Bad limit or cursor, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: 'No such asset for the caller (shape A)' })
  async readings(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListMeterReadingsQueryDto): Promise<PagedBody<MeterReadingView>> {
    return PagedBody.of(await this.service.listReadings(auth, id, query), toMeterReadingView);
  }
}
