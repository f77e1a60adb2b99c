import { Args, Query, Resolver } from '@nestjs/graphql';
import { readCounters } from '../../engine/counters';
import { ReadDatabase } from '../../read-connection';
import { checkFamily } from '../family';
import { CpuResultsView } from './cpu-results.types';
import { cpuResultsViews } from './cpu-results.view';

@Resolver()
export class CpuResultsResolver {
  constructor(private readonly read: ReadDatabase) {}

  @Query(() => [CpuResultsView], {
    description: 'How each CPU level fared against people: finished unranked regular and practice matches with a CPU and a person, per family and overall ("all").',
  })
  cpuResults(@Args('family', { type: () => String, nullable: true }) family: string | null): CpuResultsView[] {
    checkFamily(family);
    return cpuResultsViews(readCounters(this.read.db, 'cpu_results', {}), family);
  }
}
