import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Users of a client: the password change (`/api/users`). Identity models come from `@app/auth`. */
@Module({
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
