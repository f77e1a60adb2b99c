import { Catch, type ExceptionFilter } from '@nestjs/common';
import { Violation } from '@liars-dice/game-rules';
import { Refusal } from './errors';

/**
 * A decider's violations and refusals are answers, not failures: hand them to GraphQL untouched (mapped to error
 * codes in one place by the app) instead of letting Nest log each one as an unexpected exception.
 */
@Catch(Violation, Refusal)
export class RefusalFilter implements ExceptionFilter {
  catch(exception: Violation | Refusal): Violation | Refusal {
    return exception;
  }
}
