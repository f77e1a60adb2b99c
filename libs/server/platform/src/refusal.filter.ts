import { Catch, type ExceptionFilter } from '@nestjs/common';
import { RuleViolation } from '@liars-dice/game-rules';
import { Refusal } from './errors';

/**
 * Rule breaches and refusals are answers, not failures: hand them to GraphQL untouched (mapped to error
 * codes in one place by the app) instead of letting Nest log each one as an unexpected exception.
 */
@Catch(RuleViolation, Refusal)
export class RefusalFilter implements ExceptionFilter {
  catch(exception: RuleViolation | Refusal): RuleViolation | Refusal {
    return exception;
  }
}
