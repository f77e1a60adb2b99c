import { Injectable } from '@nestjs/common';

/** Time enters the server here only, so tests can move it (turn timers). */
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
