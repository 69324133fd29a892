// Baseline: NestJS on Express with one route answering the same JSON body as the measured route,
// and nothing of ours (no middleware, guard, pipe, interceptor or filter): the framework's own
// cost on this machine, between bare Express and the app.
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Module } = require('@nestjs/common');

const body = JSON.parse(process.env.BASELINE_BODY ?? '{"status":"success","data":{}}');

class AnswerController {
  answer() {
    return body;
  }
}
Get('{*splat}')(AnswerController.prototype, 'answer', Object.getOwnPropertyDescriptor(AnswerController.prototype, 'answer'));
Controller()(AnswerController);

class AnswerModule {}
Module({ controllers: [AnswerController] })(AnswerModule);

NestFactory.create(AnswerModule, { logger: false })
  .then((app) => app.listen(Number(process.env.PORT), '127.0.0.1'))
  .then(() => process.send?.('ready'));
